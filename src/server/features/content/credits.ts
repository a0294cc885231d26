import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { creditsSchema, type Credits } from "@shared/api/credits";
import { ROOT_DIR } from "@server/config";

/** Written by the library's maintainers next to content/LICENSES.md; the one list of sources and notices. */
export const CREDITS_FILE = path.join(ROOT_DIR, "content/CREDITS.json");

/**
 * Only for a checkout whose library predates content/CREDITS.json: the two sources whose licences require a
 * notice, so the e-mail footer and the About page never go without them.
 */
const MINIMAL_CREDITS: Credits = {
  emailFooter:
    "Definitions in part from WordNet 3.1 (© Princeton University), pronunciations from the CMU Pronouncing Dictionary (© Carnegie Mellon University).",
  sources: [
    {
      id: "wordnet",
      credit: "WordNet 3.1, Princeton University",
      url: "https://wordnet.princeton.edu/",
      usedFor: "definitions and example sentences",
      licence: "WordNet 3.0 licence",
      notice:
        'WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR WARRANTIES, EXPRESS OR IMPLIED.',
      noticeRequired: true,
    },
    {
      id: "cmudict",
      credit: "The CMU Pronouncing Dictionary, Carnegie Mellon University",
      url: "https://github.com/cmusphinx/cmudict",
      usedFor: "pronunciations (converted to IPA)",
      licence: "Simplified BSD",
      notice: "Copyright (C) 1993-2014 Carnegie Mellon University. All rights reserved.",
      noticeRequired: true,
    },
  ],
};

let cached: Credits | undefined;

/** The credits, read once per process (the file only changes with a deploy). */
export function readLibraryCredits(file: string = CREDITS_FILE): Credits {
  if (file !== CREDITS_FILE) return parseCredits(file);
  cached ??= parseCredits(file);
  return cached;
}

function parseCredits(file: string): Credits {
  if (!existsSync(file)) return MINIMAL_CREDITS;
  return creditsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}
