"""Hidden information without a referee (issue 18): private state, commitments, secret draws."""
