import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mulberry32 } from '@espectro/methodology';
import { encodeOnnxModel, OnnxType } from '../onnx-builder.js';

/** What {@link writeTinyMiniLMFixture} wrote. */
export interface TinyMiniLMFixture {
  /** The model folder (Hugging Face layout), to pass as `modelPath`. */
  modelPath: string;
  /** Token vocabulary, id → token. */
  vocabulary: string[];
  /** Hidden width. */
  hidden: number;
  /** Word embedding table, row-major `[vocabulary.length, hidden]`. */
  wordEmbeddings: Float32Array;
  /** Token-type embedding table, `[2, hidden]`. */
  typeEmbeddings: Float32Array;
}

const SPECIAL = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'];
const WORDS = [
  'el',
  'la',
  'los',
  'las',
  'de',
  'del',
  'en',
  'y',
  'a',
  'o',
  'que',
  'por',
  'con',
  'para',
  'un',
  'una',
  'papa',
  'francisco',
  'muere',
  'murio',
  'anos',
  'gobierno',
  'presidente',
  'elecciones',
  'apagon',
  'gran',
  'espana',
  'portugal',
  'madrid',
  'lisboa',
  'sanchez',
  'junts',
  'rompe',
  'ruptura',
  'mayoria',
  'congreso',
  'maduro',
  'venezuela',
  'captura',
  'estados',
  'unidos',
  'trump',
  'vacuna',
  'primera',
  'virus',
  'fin',
  'morreu',
  'governo',
  'eleicoes',
  'presidente',
  'vitoria',
  'costa',
  'seguro',
  'ps',
  'primarias',
  '##s',
  '##es',
  '##ado',
  '##ada',
  '##ion',
  '##cion',
  '##mente',
  '##a',
  '##o',
  '##e',
  '##r',
  'p',
  'm',
  'c',
  's',
  'l',
  'd',
  'e',
  'a',
  'o',
  'r',
  't',
  'n',
  'i',
  'u',
  '##p',
  '##m',
  '##c',
  '##l',
  '##d',
  '##t',
  '##n',
  '##i',
  '##u',
  '88',
  '1',
  '2',
  '0',
  ',',
  '.',
  ':',
  '?',
  '!',
  '"',
];

/**
 * Writes a tiny model folder with the real MiniLM interface — inputs `input_ids`, `attention_mask`,
 * `token_type_ids` (int64 `[batch, sequence]`), output `last_hidden_state` (float
 * `[batch, sequence, hidden]`) — built as `Gather(words, input_ids) + Gather(types, token_type_ids)`,
 * a real WordPiece `tokenizer.json` (BERT normaliser with lower-casing and accent stripping), and
 * `config.json`/`tokenizer_config.json`, so transformers.js loads it exactly like the real model.
 * The ONNX file is named `onnx/model_quantized.onnx` (what `dtype: 'q8'` reads) and `onnx/model.onnx`.
 * Deterministic for a given seed; takes milliseconds.
 *
 * @example
 * const fixture = await writeTinyMiniLMFixture(join(tmpdir(), 'tiny-minilm'));
 * const embedder = await createMiniLMEmbedder({ modelPath: fixture.modelPath });
 */
export async function writeTinyMiniLMFixture(
  modelPath: string,
  options: { hidden?: number; seed?: number } = {},
): Promise<TinyMiniLMFixture> {
  const hidden = options.hidden ?? 16;
  const random = mulberry32(options.seed ?? 3);
  const vocabulary = [...new Set([...SPECIAL, ...WORDS])];
  const wordEmbeddings = new Float32Array(vocabulary.length * hidden);
  for (let index = 0; index < wordEmbeddings.length; index += 1) wordEmbeddings[index] = random() * 2 - 1;
  const typeEmbeddings = new Float32Array(2 * hidden);
  for (let index = 0; index < typeEmbeddings.length; index += 1) typeEmbeddings[index] = (random() * 2 - 1) * 0.1;
  const model = encodeOnnxModel({
    graphName: 'tiny-minilm',
    inputs: [
      { name: 'input_ids', type: OnnxType.int64, shape: ['batch_size', 'sequence_length'] },
      { name: 'attention_mask', type: OnnxType.int64, shape: ['batch_size', 'sequence_length'] },
      { name: 'token_type_ids', type: OnnxType.int64, shape: ['batch_size', 'sequence_length'] },
    ],
    outputs: [{ name: 'last_hidden_state', type: OnnxType.float, shape: ['batch_size', 'sequence_length', hidden] }],
    initializers: [
      { name: 'word_embeddings', dims: [vocabulary.length, hidden], values: wordEmbeddings },
      { name: 'token_type_embeddings', dims: [2, hidden], values: typeEmbeddings },
    ],
    nodes: [
      { opType: 'Gather', inputs: ['word_embeddings', 'input_ids'], outputs: ['words'], intAttributes: { axis: 0 } },
      {
        opType: 'Gather',
        inputs: ['token_type_embeddings', 'token_type_ids'],
        outputs: ['types'],
        intAttributes: { axis: 0 },
      },
      { opType: 'Add', inputs: ['words', 'types'], outputs: ['last_hidden_state'] },
    ],
  });
  const vocab = Object.fromEntries(vocabulary.map((token, id) => [token, id]));
  const special = (content: string) => ({
    id: vocab[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const tokenizer = {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: true,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
      ],
      pair: [
        { SpecialToken: { id: '[CLS]', type_id: 0 } },
        { Sequence: { id: 'A', type_id: 0 } },
        { SpecialToken: { id: '[SEP]', type_id: 0 } },
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [vocab['[CLS]']], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [vocab['[SEP]']], tokens: ['[SEP]'] },
      },
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
  const tokenizerConfig = {
    tokenizer_class: 'BertTokenizer',
    do_lower_case: true,
    model_max_length: 128,
    pad_token: '[PAD]',
    unk_token: '[UNK]',
    cls_token: '[CLS]',
    sep_token: '[SEP]',
    mask_token: '[MASK]',
    clean_up_tokenization_spaces: true,
  };
  const config = {
    model_type: 'bert',
    architectures: ['BertModel'],
    hidden_size: hidden,
    vocab_size: vocabulary.length,
    max_position_embeddings: 128,
    type_vocab_size: 2,
    num_attention_heads: 1,
    num_hidden_layers: 1,
    intermediate_size: hidden,
    pad_token_id: 0,
  };
  await mkdir(join(modelPath, 'onnx'), { recursive: true });
  await writeFile(join(modelPath, 'config.json'), JSON.stringify(config, null, 2));
  await writeFile(join(modelPath, 'tokenizer.json'), JSON.stringify(tokenizer));
  await writeFile(join(modelPath, 'tokenizer_config.json'), JSON.stringify(tokenizerConfig, null, 2));
  await writeFile(join(modelPath, 'onnx', 'model_quantized.onnx'), model);
  await writeFile(join(modelPath, 'onnx', 'model.onnx'), model);
  return { modelPath, vocabulary, hidden, wordEmbeddings, typeEmbeddings };
}
