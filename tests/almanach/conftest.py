"""The search index built from the data files, shared by the search tests."""

import pytest

from almanach.search import SearchIndex
from almanach.search_site import index_from_files


@pytest.fixture(scope="session")
def file_index() -> SearchIndex:
    """Built once per test process (1.5 s a build: it was built again in nine tests); a
    search reads the index and never changes what the next search finds."""
    return index_from_files(lambda slug: f"/almanach/{slug}/")
