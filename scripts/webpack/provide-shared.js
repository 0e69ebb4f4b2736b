// Replaced at build time by provide-shared-loader.cjs (the shell's entry includes it).
