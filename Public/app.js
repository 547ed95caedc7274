// Progressive enhancement for the components; everything works without it.
