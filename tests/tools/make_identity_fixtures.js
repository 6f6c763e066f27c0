// The identity descriptor's golden vectors: faceres (from @vladmandic/human 3.3.6) run by the
// TF.js reference -- @tensorflow/tfjs-converter + tfjs-backend-cpu 4.22.0 -- on the stored
// 224x224 face crops. Not run by the build; run by hand where those packages (and pngjs) are
// installed, e.g.
//   npm install @tensorflow/tfjs-core@4.22.0 @tensorflow/tfjs-converter@4.22.0 \
//               @tensorflow/tfjs-backend-cpu@4.22.0 pngjs@7.0.0
//   node tests/tools/make_identity_fixtures.js build/share/gpen-studio/identity tests/data/identity
// It writes tests/data/identity/faceres-descriptors.f32: for each crop-N.png in name order, the
// 1024 values of global_pooling/Mean as little-endian float32, not normalised.
const fs = require('fs');
const path = require('path');
const tf = require('@tensorflow/tfjs-core');
require('@tensorflow/tfjs-backend-cpu');
const { loadGraphModel } = require('@tensorflow/tfjs-converter');
const { PNG } = require('pngjs');

async function main() {
    const [modelDir, cropsDir] = process.argv.slice(2);
    if (!modelDir || !cropsDir) throw new Error('usage: make_identity_fixtures.js MODEL_DIR CROPS_DIR');
    await tf.setBackend('cpu');
    const json = JSON.parse(fs.readFileSync(path.join(modelDir, 'faceres.json'), 'utf8'));
    const specs = [];
    const buffers = [];
    for (const group of json.weightsManifest) {
        specs.push(...group.weights);
        for (const p of group.paths) buffers.push(fs.readFileSync(path.join(modelDir, p)));
    }
    const all = Buffer.concat(buffers);
    const handler = {
        load: async () => ({
            modelTopology: json.modelTopology,
            format: json.format,
            generatedBy: json.generatedBy,
            convertedBy: json.convertedBy,
            signature: json.signature,
            weightSpecs: specs,
            weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        }),
    };
    const model = await loadGraphModel(handler);
    const crops = fs.readdirSync(cropsDir).filter((f) => /^crop-\d+\.png$/.test(f)).sort();
    const out = [];
    for (const name of crops) {
        const png = PNG.sync.read(fs.readFileSync(path.join(cropsDir, name)));
        if (png.width !== 224 || png.height !== 224) throw new Error(name + ': not 224x224');
        const rgb = new Float32Array(224 * 224 * 3);
        for (let i = 0; i < 224 * 224; ++i) {
            for (let c = 0; c < 3; ++c) rgb[i * 3 + c] = png.data[i * 4 + c];
        }
        const input = tf.tensor4d(rgb, [1, 224, 224, 3]);
        const descriptor = model.execute(input, 'global_pooling/Mean');
        out.push(Float32Array.from(await descriptor.data()));
        tf.dispose([input, descriptor]);
        console.log(name, out[out.length - 1].length, 'values');
    }
    const bytes = Buffer.alloc(out.length * out[0].length * 4);
    out.forEach((d, i) => d.forEach((v, j) => bytes.writeFloatLE(v, (i * d.length + j) * 4)));
    fs.writeFileSync(path.join(cropsDir, 'faceres-descriptors.f32'), bytes);
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
