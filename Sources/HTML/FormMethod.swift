/// The HTTP method a form submits with, for ``HTMLAttribute/method(_:)``.
public enum FormMethod: Sendable, Hashable {
    /// `method="get"`
    case get
    /// `method="post"`
    case post
}
