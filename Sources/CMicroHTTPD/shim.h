// The only place that includes libmicrohttpd's header. Swift cannot import
// variadic C functions, so the few calls that need them are wrapped here in
// fixed-argument inline functions.
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The callback that receives the raw request URI; its result becomes the request's `*req_cls`.
typedef void *(*shim_uri_log_callback)(void *cls, const char *uri, struct MHD_Connection *connection);

/// Starts a daemon with the options this server uses. It listens on no socket of its own and runs no
/// thread of its own: the server accepts connections itself, hands them over with `MHD_add_connection`,
/// and runs the daemon with `MHD_run` on a thread of its own (see `DaemonThread`).
static inline struct MHD_Daemon *
shim_start_daemon(unsigned int flags,
                  MHD_AccessHandlerCallback handler, void *handler_cls,
                  MHD_RequestCompletedCallback completed, void *completed_cls,
                  shim_uri_log_callback uri_log, void *uri_log_cls,
                  MHD_NotifyConnectionCallback notify_connection, void *notify_connection_cls,
                  unsigned int connection_limit,
                  unsigned int connection_timeout_seconds,
                  size_t connection_memory_limit)
{
    return MHD_start_daemon(flags, 0, NULL, NULL, handler, handler_cls,
                            MHD_OPTION_NOTIFY_COMPLETED, completed, completed_cls,
                            MHD_OPTION_URI_LOG_CALLBACK, uri_log, uri_log_cls,
                            MHD_OPTION_NOTIFY_CONNECTION, notify_connection, notify_connection_cls,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_END);
}

/// The number of connections the daemon currently holds.
static inline unsigned int
shim_current_connections(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info == NULL ? 0 : info->num_connections;
}

/// The epoll descriptor of a daemon started with `MHD_USE_EPOLL`, or -1.
static inline int
shim_epoll_fd(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info == NULL ? -1 : info->epoll_fd;
}

/// How long the daemon's thread may wait for events before it must run the daemon again, in
/// milliseconds; -1 when only an event can give it work.
static inline int
shim_wait_milliseconds(struct MHD_Daemon *daemon)
{
    MHD_UNSIGNED_LONG_LONG timeout = 0;
    if (MHD_get_timeout(daemon, &timeout) != MHD_YES)
        return -1;
    return timeout > 0x7fffffff ? 0x7fffffff : (int) timeout;
}

/// The socket of a connection.
static inline int
shim_connection_fd(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : (int) info->connect_fd;
}

/// The daemon that holds a connection.
static inline struct MHD_Daemon *
shim_connection_daemon(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_DAEMON);
    return info == NULL ? NULL : info->daemon;
}

/// The per-connection pointer set in the connection-notification callback.
static inline void *
shim_socket_context(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

#endif
