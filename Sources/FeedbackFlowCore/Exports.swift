// `import FeedbackFlowCore` (the `FeedbackFlowCore` product) gives a host the model and the
// navigator without the YAML loader: screens built in Swift, or flows loaded from JSON.
@_exported import FlowCompile
@_exported import FlowSource
