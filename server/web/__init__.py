"""What the browser loads besides the API: health and public configuration, the SPA and its static
assets, dev outboxes."""
