"""heat-conv-bench: the benchmark (see heat_conv.bench.cli)."""
import sys

from heat_conv import cmd


def main(argv=None):
    cmd.prepare()
    from heat_conv.bench import cli
    return cli.main(argv)


if __name__ == '__main__':
    sys.exit(main())
