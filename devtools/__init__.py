"""What the developer's loop needs and the site does not: the project's virtual environment,
the browsers the tests drive, the development server, the test and benchmark runners.
None of it is a build step (those are in site_build)."""
