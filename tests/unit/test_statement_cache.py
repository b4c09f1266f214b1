"""server.database.StatementCache: one build per shape, bounded."""

from server.database import StatementCache


def test_a_shape_is_built_once_and_reused():
    cache, builds = StatementCache(max_size=4), []

    def build():
        builds.append(1)
        return object()

    first = cache.get(("users", "applied"), build)
    assert cache.get(("users", "applied"), build) is first
    assert len(builds) == 1
    assert cache.get(("users", "accepted"), build) is not first
    assert len(builds) == 2 and len(cache) == 2


def test_a_full_cache_starts_again_instead_of_growing():
    cache = StatementCache(max_size=3)
    for shape in range(10):
        cache.get(shape, object)
        assert len(cache) <= 3
    kept = cache.get(9, object)
    assert cache.get(9, lambda: None) is kept  # the newest shape survived the last clearing
