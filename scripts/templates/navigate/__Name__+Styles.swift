import PreviewKit

/// The __Name__'s styles: served with every registered component's in `/components.css`, which every page
/// links.
extension __Name__ {
    public static let styles = ComponentStyles(
        """
        .__name__-button { min-height: 2.75rem; padding: 0.25rem 0.9rem; border: 1px solid currentColor;
          border-radius: 0.5rem; background: transparent; color: inherit; font: inherit; cursor: pointer; }
        """)
}
