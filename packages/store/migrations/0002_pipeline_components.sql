-- @espectro/pipeline: the linked component of every clustered article (CLU-3). A linked component
-- is a connected part of the graph of merge edges and `same` judge verdicts; a story is a part of
-- one (the chaining guard may split a component into several stories). The cluster stage seeds its
-- clustering state with the archive articles inside the window of a new batch plus every article
-- sharing a linked component with them, so that adding the batch gives exactly the stories one
-- clustering of the whole archive would (`seedClusteringState` in @espectro/clustering).
CREATE TABLE article_components (
  article_id           text PRIMARY KEY REFERENCES articles (id),
  component_id         text NOT NULL,
  embedder             text NOT NULL
);
CREATE INDEX article_components_component ON article_components (component_id);

-- Archives clustered before this migration knew only their clusters: each cluster starts as its
-- own component (exact unless the chaining guard had split a component; the next batch whose
-- window reaches such a cluster stores the components clustering computes).
INSERT INTO article_components (article_id, component_id, embedder)
  SELECT article_id, cluster_id, embedder FROM article_clusters;

-- The time the cluster stage selects by (publication, else first seen): the window of a batch is a
-- range scan, not a scan of the whole archive.
CREATE INDEX articles_cluster_time ON articles ((coalesce(published_at, first_seen_at)), id);
