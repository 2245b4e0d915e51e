// hls.js's light build (`hls.js/light`: no subtitles, alternate audio or DRM) ships without its own
// declaration file; its API is the full build's.
declare module "hls.js/light" {
  import Hls from "hls.js";
  export * from "hls.js";
  export default Hls;
}
