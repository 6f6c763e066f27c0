// Makes the embedded upscaler's parity fixtures (tests/data/upscaler/): outputs of the
// @upscalerjs ESRGAN layers models computed by @tensorflow/tfjs on its pure-JavaScript CPU
// backend, an implementation independent of ours. Run once by hand (the tests never need node):
//
//   npm install @tensorflow/tfjs@4.22.0      (anywhere; set NODE_PATH to its node_modules)
//   npm pack @upscalerjs/esrgan-medium@1.0.0 && tar xzf upscalerjs-esrgan-medium-1.0.0.tgz
//   node tests/tools/make_upscaler_fixtures.js package/models tests/data/upscaler esrgan-medium
//
// For each scale: a deterministic input [1, H, W, 3] in [0, 255] and the model's output, both
// float32 little-endian NHWC, and index.json naming them with their shapes.
'use strict';
const fs = require('fs');
const path = require('path');
const tf = require('@tensorflow/tfjs');

const [modelsDir, outDir, variant] = process.argv.slice(2);
if (!modelsDir || !outDir || !variant) {
    console.error('usage: node make_upscaler_fixtures.js MODELS_DIR OUT_DIR VARIANT');
    process.exit(2);
}

// The same numbers in any language: a 32-bit LCG, values in [0, 255].
function pseudoRandomImage(h, w, seed) {
    const data = new Float32Array(h * w * 3);
    let s = seed >>> 0;
    for (let i = 0; i < data.length; ++i) {
        s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
        data[i] = (s >>> 8) % 256;
    }
    return data;
}

function loadModel(dir) {
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'model.json'), 'utf8'));
    const buffers = json.weightsManifest.flatMap((g) => g.paths.map((p) => fs.readFileSync(path.join(dir, p))));
    const all = Buffer.concat(buffers);
    const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
    const weightSpecs = json.weightsManifest.flatMap((g) => g.weights);
    return tf.loadLayersModel(tf.io.fromMemory({modelTopology: json.modelTopology, weightSpecs, weightData}));
}

async function main() {
    await tf.setBackend('cpu');
    fs.mkdirSync(outDir, {recursive: true});
    const index = {generator: `@tensorflow/tfjs ${tf.version.tfjs} (cpu backend)`, variant, cases: []};
    const h = 6, w = 5;
    for (const scale of [2, 3, 4, 8]) {
        const model = await loadModel(path.join(modelsDir, `x${scale}`));
        const input = pseudoRandomImage(h, w, 1000 + scale);
        const output = model.predict(tf.tensor4d(input, [1, h, w, 3]));
        const out = await output.data();
        const base = `${variant}-x${scale}`;
        fs.writeFileSync(path.join(outDir, `${base}.in.f32`), Buffer.from(input.buffer));
        fs.writeFileSync(path.join(outDir, `${base}.out.f32`), Buffer.from(new Float32Array(out).buffer));
        index.cases.push({scale, input: `${base}.in.f32`, inputShape: [1, h, w, 3], output: `${base}.out.f32`,
                          outputShape: output.shape});
        console.log(base, output.shape.join('x'));
    }
    fs.writeFileSync(path.join(outDir, 'index.json'), JSON.stringify(index, null, 2) + '\n');
}
main().catch((e) => { console.error(e); process.exit(1); });
