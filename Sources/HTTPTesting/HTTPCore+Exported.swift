// A test speaks HTTP: whoever imports the test kit has requests, responses and methods too.
@_exported import HTTPCore
