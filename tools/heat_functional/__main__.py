import sys

from tools.heat_functional import runner

sys.exit(runner.main())
