-- 0011_article_images: the alt text of an article's image and of a story's cover image, as the feed
-- gave it (Media RSS `media:description` of the image, Atom enclosure `title`). NULL when the feed
-- gave none: the site then draws the image with an empty alt beside the headline that says what the
-- story is (WCAG 2.2 H67, F39), never an invented description.
ALTER TABLE articles ADD COLUMN image_alt text;
ALTER TABLE stories ADD COLUMN image_alt text;
