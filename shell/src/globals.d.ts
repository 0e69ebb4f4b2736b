/** The build's label (webpack DefinePlugin): which build of this area is running. */
declare const __CARELANE_BUILD__: string;
