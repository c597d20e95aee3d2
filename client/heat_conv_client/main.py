"""Entry point of ``heat-conv``, the command-line client.

``heat-conv stack create -t FILE NAME --wait``, ``heat-conv stack list``,
``heat-conv stack graph NAME``...: see heat_conv_client.shell.
"""
import sys

from heat_conv_client import shell


def main(argv=None):
    return shell.run(sys.argv[1:] if argv is None else argv)


if __name__ == '__main__':
    sys.exit(main())
