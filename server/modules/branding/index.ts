/** The branding module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { branding, brandingLogo } from './branding.service';
