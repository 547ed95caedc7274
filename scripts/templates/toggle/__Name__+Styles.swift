import PreviewKit

/// The __Name__'s styles: served with every registered component's in `/components.css`, which every page
/// links. They build on the kit's button styles in `Public/app.css`.
extension __Name__ {
    public static let styles = ComponentStyles(
        """
        .__name__ { display: inline-flex; align-items: center; gap: 0.5rem; }
        .__name__-button { display: inline-flex; gap: 0.5rem; align-items: center; min-height: 2.75rem;
          padding: 0.25rem 0.9rem; border: 1px solid currentColor; border-radius: 999px; background: transparent;
          color: inherit; font: inherit; cursor: pointer; }
        .__name__-button[aria-pressed="true"] { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
        .__name__[aria-busy="true"] .__name__-button { opacity: 0.7; }
        .__name__-count { font-variant-numeric: tabular-nums; }
        .__name__-error { margin: 0; color: #b91c1c; }
        @media (prefers-color-scheme: dark) { .__name__-error { color: #fca5a5; } }
        """)
}
