"""The built-in games, one package each (``try_``, ``tribello``, ``troeven``, ``trio``): each
declares its :class:`rules.plugins.GameSpec` and registers it in ``pyproject.toml`` like any
third party's game."""
