import HTML

extension HTMLBuffer {
    /// Stands for `count` elements the browser holds already at this place (a thread's comments before
    /// the new ones), in an answer whose presentation says so (`SelfManagedModel.answer`): written as
    /// `<template data-kept="count">` holding the last of them, `last`. The browser script puts back its
    /// own `count` elements from the root as it was before the change, after checking that its last one
    /// equals `last`; when it does not hold them, it fetches the page again.
    ///
    /// ```swift
    /// if shown.keptByClient > 0 {
    ///     html.keptByClient(shown.keptByClient) { html in html.raw(markups[shown.keptByClient - 1]) }
    /// }
    /// ```
    public mutating func keptByClient(_ count: Int, last: (inout HTMLBuffer) -> Void) {
        element(HTMLTag("template"), [.custom("data-kept", integer: count)], content: last)
    }
}
