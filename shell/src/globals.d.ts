/** The build's label (webpack DefinePlugin): which build of this area is running. */
declare const __CARELANE_BUILD__: string;

/** antd's prebuilt stylesheet, emitted by the build as a file: the import is its address (antd-stylesheet.ts). */
declare module 'antd/dist/antd.css' {
  const href: string;
  export default href;
}
