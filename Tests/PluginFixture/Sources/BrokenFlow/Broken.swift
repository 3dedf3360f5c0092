/// A target whose flow (broken.flow.yaml) has an error: the plugin must fail its build at
/// the flow's line and column.
enum Broken {}
