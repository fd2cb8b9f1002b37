# Starts Apertium's APy listening on 127.0.0.1 only. APy binds every interface and has no option
# to choose one; our server is its only client, so nothing else on the network should reach it.
# Usage: python3 apy-loopback.py [apertium-apy arguments]
import ctypes
import signal
import sys

import tornado.tcpserver

# Ends with our server even when it is killed outright (SIGKILL, a crash) and cannot stop us:
# the kernel sends SIGKILL when the parent goes (PR_SET_PDEATHSIG = 1). APy's pipelines read
# from it, and end when their input closes.
try:
    ctypes.CDLL('libc.so.6', use_errno=True).prctl(1, signal.SIGKILL)
except OSError:
    pass

_bind = tornado.tcpserver.TCPServer.bind


def bind_loopback(self, port, address=None, *args, **kwargs):
    return _bind(self, port, '127.0.0.1', *args, **kwargs)


tornado.tcpserver.TCPServer.bind = bind_loopback

from apertium_apy.apy import main  # noqa: E402  (after the patch, which it must see)

sys.argv = ['apertium-apy'] + sys.argv[1:]
main()
