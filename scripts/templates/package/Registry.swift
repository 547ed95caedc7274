import PreviewKit

/// This package's components, each registered in one line: the app takes the list and names none of them.
/// `scripts/new-component` (in the kit's checkout) adds the next one above the marker.
public enum __Module__ {
    public static func modules(_ context: ComponentContext) -> [any ComponentModule] {
        [
            // new-component: registrations above this line
        ]
    }
}
