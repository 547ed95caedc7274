// The only place that includes libpng's header. Swift cannot import the macros that combine other macros
// (the formats of the simplified API), so they are given here as constants.
#ifndef CPNG_SHIM_H
#define CPNG_SHIM_H

#include <png.h>

/// Eight bits each of red, green, blue and alpha, in that order (`PNG_FORMAT_RGBA`).
static const png_uint_32 shim_png_format_rgba = PNG_FORMAT_RGBA;

/// Eight bits each of red, green and blue (`PNG_FORMAT_RGB`): an opaque picture, a quarter smaller.
static const png_uint_32 shim_png_format_rgb = PNG_FORMAT_RGB;

/// The version the simplified API's `png_image` must carry (`PNG_IMAGE_VERSION`).
static const png_uint_32 shim_png_image_version = PNG_IMAGE_VERSION;

#endif
