// HTTP's values (statuses, errors, headers, JSON, form fields) live below HTTPCore, in the seam; whoever
// imports HTTPCore has them too.
@_exported import HTTPValues
