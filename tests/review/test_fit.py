"""The value model's refit (python -m engine.review.fit): a sample cache of fewer games is
extended by the games it lacks, so a larger refit does not replay what it has."""

import json

from engine.review import fit


def test_a_smaller_cache_is_extended_to_the_same_samples_as_a_fresh_collection(tmp_path,
                                                                               monkeypatch):
    cache = tmp_path / "samples.json"
    fit.collect(2, cache)
    played = []
    real = fit.samples
    monkeypatch.setattr(fit, "samples", lambda seed: played.append(seed) or real(seed))
    extended = fit.collect(3, cache)
    assert played == [2], "only the game the cache lacked is played"
    assert json.loads(cache.read_text())["games"] == 3
    fresh = fit.collect(3, None)
    assert json.loads(json.dumps(extended)) == json.loads(json.dumps(fresh))
    assert {seed for seed, _, _ in extended} == {0, 1, 2}
