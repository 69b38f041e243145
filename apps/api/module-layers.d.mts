// Types of module-layers.mjs (the table itself is plain JavaScript, so that eslint.config.js can read it).

/** Which other modules each module may import (apps/api/src/modules/<name>). */
export declare const moduleLayers: Readonly<Record<string, readonly string[]>>
/** The platform parts every module may import, and the platform parts each imports. */
export declare const platformLayers: Readonly<Record<string, readonly string[]>>
/** The composition parts, which may import every module and platform part, and the composition parts each imports. */
export declare const compositionLayers: Readonly<Record<string, readonly string[]>>
