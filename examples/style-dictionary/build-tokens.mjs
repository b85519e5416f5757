// Builds CSS custom properties from the tokens file `curvekit export` writes, with Style
// Dictionary v4 or later (`npm install style-dictionary`):
//   curvekit export ../curves/weekly-habit.curve.json --format tokens > tokens/weekly-habit.tokens.json
//   node build-tokens.mjs
// writes build/css/curves.css:
//   --weekly-habit-easing: cubic-bezier(…);
//   --weekly-habit-duration: 604800000ms;
import StyleDictionary from 'style-dictionary';
import { registerCurveKitTransforms } from './curvekit-transforms.mjs';

registerCurveKitTransforms(StyleDictionary);

const dictionary = new StyleDictionary({
  source: ['tokens/**/*.tokens.json'],
  usesDtcg: true,
  platforms: {
    css: {
      // The name transform plus ours: no built-in transform turns DTCG 2025.10's
      // {value, unit} duration object into CSS text.
      transforms: ['name/kebab', 'curvekit/duration/css', 'curvekit/cubicBezier/css'],
      buildPath: 'build/css/',
      files: [{ destination: 'curves.css', format: 'css/variables' }],
    },
  },
});

await dictionary.buildAllPlatforms();
