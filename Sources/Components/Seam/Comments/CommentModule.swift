import HTTPCore

/// A comment box as the app registers it, from the box's `CommentDefinition` and the base data: its
/// catalogue entry, its store (the base data's threads, the viewers' comments, the sends in flight), its
/// send route, its example sends and its scenarios.
///
/// ```swift
/// extension CommentBox {
///     public static func module(_ context: ComponentContext, base: [String: [Comment]]) -> CommentModule {
///         CommentModule(comments, preview: preview, base: base, context: context)
///     }
/// }
/// ```
public struct CommentModule: KindModuleOverModel {
    package var base: SelfManagedModule<CommentThreads>

    /// - Parameters:
    ///   - base: Each target's comments from the base data: the targets that exist.
    ///   - styles: The component's styles, if it brings any.
    ///   - extraScenarios: Scenarios of the component's own, after every comment box's.
    public init(
        _ definition: CommentDefinition, preview: ComponentPreview, base: [String: [Comment]],
        styles: ComponentStyles? = nil, scenarios extraScenarios: [Scenario] = [], context: ComponentContext
    ) {
        self.base = SelfManagedModule(
            definition.kind, model: CommentThreads(base: base, capacity: definition.capacity), preview: preview,
            styles: styles, scenarios: extraScenarios, context: context)
    }
}
