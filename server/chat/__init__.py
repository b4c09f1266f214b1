"""The home-page assistant's offline brain (issue 14, decision 0071): language detection, the documents it answers
from (curated knowledge base + the portal's own data), their ranking (BM25 in SQLite FTS5), and the rule-based career
guidance. Pure functions over plain data and read-only queries; the use cases and the transaction are in
chat/conversations.py, the optional external model in integrations/chat_model.py."""
