// One `import FeedbackFlow` gives a host the whole host-facing API: the model and
// compilation (FlowCompile), locations and diagnostics (FlowSource), the navigator and
// its handlers (FeedbackFlowCore), and, from this module, loading YAML or JSON files.
@_exported import FlowCompile
@_exported import FeedbackFlowCore
@_exported import FlowSource
