print("preview-server")
