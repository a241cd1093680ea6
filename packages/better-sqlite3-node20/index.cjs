// Resolved from this folder, so this is the better-sqlite3 12 installed beside it, not the root's 13.
module.exports = require('better-sqlite3');
