"""Peer for `clustering-scale.bench.ts`: the same job with scikit-learn (Debian's python3-sklearn).

TF-IDF on accent-folded character 3-5-grams inside word boundaries (``char_wb``), sparse dot
products of each 72-h block against itself and the next blocks, pairs above the merge threshold
and inside the window become edges, stories are scipy's connected components. Prints
``{"seconds": …, "stories": …}``. Usage: clustering_sklearn_peer.py HEADLINES.jsonl MERGE WINDOW_HOURS
"""
import json
import sys
import time
import unicodedata
from datetime import datetime

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components
from sklearn.feature_extraction.text import TfidfVectorizer


def fold(text):
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c)).lower()


def main():
    path, merge, window_hours = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    rows = [json.loads(line) for line in open(path, encoding="utf8") if line.strip()]
    started = time.perf_counter()
    times = np.array([datetime.fromisoformat(r["date"].replace("Z", "+00:00")).timestamp() for r in rows])
    order = np.argsort(times, kind="stable")
    times = times[order]
    matrix = TfidfVectorizer(analyzer="char_wb", ngram_range=(3, 5), sublinear_tf=True, preprocessor=fold).fit_transform(
        [rows[i]["title"] for i in order]
    )
    window = window_hours * 3600
    block = np.floor(times / window).astype(np.int64)
    edges_left, edges_right = [], []
    for key in np.unique(block):
        left = np.nonzero(block == key)[0]
        right = np.nonzero((block >= key) & (block <= key + 1))[0]
        products = (matrix[left] @ matrix[right].T).tocoo()
        i, j = left[products.row], right[products.col]
        keep = (products.data > merge) & (i < j) & (np.abs(times[i] - times[j]) <= window)
        edges_left.append(i[keep])
        edges_right.append(j[keep])
    i = np.concatenate(edges_left)
    j = np.concatenate(edges_right)
    graph = coo_matrix((np.ones(len(i)), (i, j)), shape=(len(rows), len(rows)))
    stories, _ = connected_components(graph, directed=False)
    print(json.dumps({"seconds": round(time.perf_counter() - started, 3), "stories": int(stories)}))


main()
