"""The build of the Gamut web site, run by ``build.py`` at the repository's root
(stdlib only: it runs with the system ``python3`` on a fresh Debian machine and
sets up everything else itself).

Its modules, each one job:

* :mod:`~tools.build.layout`: where things are (folders, pinned paths, and
  the facts about web/'s layout the build relies on, in one place);
* :mod:`~tools.build.common`: logging, commands, stamps (a step is skipped
  while the hash of its inputs is unchanged);
* :mod:`~tools.build.environment`: ``.venv``, ``node_modules``,
  Chromium;
* :mod:`~tools.build.wheel`: the engine's wheel, byte-identical from build
  to build;
* :mod:`~tools.build.data`: what the engine computes ahead for the page
  (initial views, rules diagrams, first moves, the games' names) and the icons;
* :mod:`~tools.build.site`: ``dist/``;
* :mod:`~tools.build.serve`: the static server;
* :mod:`~tools.build.checks`: ``test`` and ``test --fast``;
* :mod:`~tools.build.bench`: ``bench``.
"""
