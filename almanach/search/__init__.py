"""Search over the Almanach: a player's question answered by the passage that answers it.
Pure Python, no Django.

The unit of search is the passage (a paragraph, list item or card text: one line of an entry's
plain text), each with its entry and anchor; a result is an entry with its best passage, and
the snippet is that passage's answering sentence(s).

A query word matches a passage's word when one of their *keys* is equal. The keys of a word
are its folded form (lower case, no diacritics), the folded lemmas of the words the index has
seen in that folded form (simplemma, at build time), a light stem and, at a lower weight, the
word family (a derivational suffix off), so "zloděje", "zlodeje" and "Zloděj" meet, and so do
"přerušuje" and "přerušení". On top of that:

- the last word also matches as a prefix (as-you-type), words also with typos
  (1 edit for 5-7 letters, 2 for 8+, optimal string alignment on folded words; in 3-4
  letters only two neighbouring letters swapped, or in 4 one left out);
- synonyms: each entry's aliases are a field of their own, and a word-level table
  (synonyma.toml) rewrites players' words into the Almanach's (osada → vesnice);
- question words and filler ("kolik", "můžu", "co když") are dropped, rare words weigh more
  (IDF over passages); the question words still say what kind of passage and sentence answers
  ("kolik" one with a number, "kdy" a time, "smím" what may or may not be done, "kam" a place,
  "k čemu" what a thing is needed for);
- the frequent questions (Časté otázky) are matched too: a query close to one of them, or to a
  player's phrasing of it, lifts the passage its answer quotes.

A passage scores by its own words, its entry's headword and aliases and its section heading;
the share of the query's words it holds counts most. A page about a variant (Katan pro dva,
the differences between editions) and another edition's box win only when the query names
them or nothing else answers; a query that names an edition prefers that edition's box. A
query word weighs no more than its stem is rare (a rare form a prefix or an odd lemma reaches
does not make it rarer).

Entries rank by their best passage; inside an entry the passage shown is chosen by its best
sentence (_choose): the query's words in that sentence, those that only name the entry
("vesnice" in the entry Vesnice) counting less, the share of the other words it holds, a figure
for "kolik", a word of the asked kind for "kdy", "smím", "kam", an example ("Příklad: …") or
another edition's box counting less (a little less when the query uses a word the entry has
only in that box, "osada" in the digital glossary's); the passage's own score is a prior
beside it. A frequent
question's quoted answer, when one lifted the passage, is shown as it is.

The stages, one module each, each mirrored one-to-one by a script of the offline search
(offline/static/js/search/, same names):

- analyse.py: a word's keys (fold, lemma, stem, family), typos and prefixes, the query
  cleaned, rewritten by synonyms and turned into terms;
- retrieve.py: every passage the terms reach, scored, with the frequent questions' lifts;
- choose.py: within an entry, the passage whose sentence answers best;
- snippet.py: the snippet around that sentence, the matched words marked;
- index.py: the index built once from Documents, search() running the stages, and export(),
  the offline index: the texts with their words' keys precomputed here (folded forms, lemmas,
  stems, families), so the browser never re-implements the folding or lemmatising;
- weights.py: the ranking's numbers, shipped in the offline index.

Pure Python: no Django here (import-linter's contract in pyproject.toml, without exception).
The site's index (from the Entry rows or the data files, with the Časté otázky and the rulings)
is built by almanach/search_site.py. tests/almanach/test_search_parity_node.py checks in Node
that the offline search gives the same first result and snippet on every evaluation set.

Build a SearchIndex once from Documents and call search() on it; `python -m almanach.bench`
prints the time per query and how often the first snippet answers.
"""

from almanach.search.analyse import (
    EDITION_NAMES,
    EDITION_WORDS,
    HIGHLIGHT_PARAMETER,
    INTENT_ASKS,
    INTENT_HINTS,
    INTENTS,
    MAX_QUERY_LENGTH,
    MESSAGE_EMPTY,
    MESSAGE_NO_WORDS,
    MESSAGE_TOO_LONG,
    QUANTITY_WORDS,
    QUESTION_WORDS,
    STOP_WORDS,
    SYNONYMS_PATH,
    _sentences,
    _stem,
    asked_kinds,
    clean_query,
    load_synonyms,
    word_keys,
)
from almanach.search.documents import Document, Hit, Question, Results, Rulings
from almanach.search.index import SearchIndex, document_for
from almanach.search.snippet import mark
from almanach.search.weights import (
    ANSWER_MIN,
    ANSWER_WIDTH,
    SNIPPET_MIN,
    SNIPPET_WIDTH,
    WEIGHTS,
    W,
)

__all__ = [
    "ANSWER_MIN", "ANSWER_WIDTH", "EDITION_NAMES", "EDITION_WORDS", "HIGHLIGHT_PARAMETER",
    "INTENTS", "INTENT_ASKS", "INTENT_HINTS", "MAX_QUERY_LENGTH", "MESSAGE_EMPTY",
    "MESSAGE_NO_WORDS", "MESSAGE_TOO_LONG", "QUANTITY_WORDS", "QUESTION_WORDS", "SNIPPET_MIN",
    "SNIPPET_WIDTH", "STOP_WORDS", "SYNONYMS_PATH", "WEIGHTS", "W", "Document",
    "Hit", "Question", "Results", "Rulings", "SearchIndex", "_sentences", "_stem", "asked_kinds",
    "clean_query", "document_for", "load_synonyms", "mark", "word_keys",
]
