// The one error the import file readers (zip-entries.mjs, xlsx-rows.mjs, csv-rows.mjs) throw on purpose: the file is
// past one of the import's limits (413, the limit named in the message) or is not what its type says (400). Plain
// JavaScript that node runs as it is, in the reader's thread (sheet-thread.mjs) and in the tests.

export class FileRefused extends Error {
  /**
   * @param {413 | 400} status
   * @param {string} message
   */
  constructor(status, message) {
    super(message);
    this.name = "FileRefused";
    this.status = status;
  }
}

/** @param {number} n a count or size as people read it: 200,000 */
export const figure = (n) => n.toLocaleString("en-US");

/** @param {number} bytes */
export const megabytes = (bytes) => `${figure(Math.round(bytes / (1024 * 1024)))} MB`;
