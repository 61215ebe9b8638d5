"""A third party's module, installed only while a test puts ``tests/plugins`` on ``sys.path``."""
