"""Developer tools run from the repository; never shipped in the wheel."""
