#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
"""GGUF headers as llama.cpp's convert_hf_to_gguf.py writes them, for tst_gguf_families.

For each family, the metadata keys (and the RoPE factor tensors) that the converter's model class
writes from the published config.json -- and nothing it does not write -- in a file of a few
hundred bytes: no weights, no tokenizer. The classes followed are those of ggml-org/llama.cpp's
convert_hf_to_gguf.py of the period of commit 00342301d01add50835550e8a916f12097d94517:

- TextModel.set_gguf_parameters (the base every class below calls, except Gemma2Model and
  Phi3MiniModel): block_count, context_length (max_position_embeddings), embedding_length,
  feed_forward_length, head_count, head_count_kv, rope.freq_base (rope_theta),
  attention.layer_norm_rms_epsilon / layer_norm_epsilon, expert_count, expert_used_count,
  attention.key_length and value_length (head_dim, when the config has one).
- Cohere2Model: + logit_scale, attention.sliding_window, vocab_size,
  rope.dimension_count = int(rotary_pct * hidden_size // heads), rope.scaling.type "none".
  Not written: any sliding-window pattern (llama.cpp's loader defaults it to 4).
- GptOssModel: + attention.sliding_window, expert_feed_forward_length, rope.scaling.type "yarn",
  rope.scaling.factor, rope.scaling.original_context_length. Not written: a pattern (llama.cpp
  alternates), beta_fast/beta_slow (llama.cpp's defaults 32/1), truncate.
- Gemma2Model (no base call): context_length, embedding_length, block_count,
  feed_forward_length, head_count, head_count_kv, rms epsilon, key_length, value_length,
  attn_logit_softcapping, final_logit_softcapping, attention.sliding_window. Not written:
  rope.freq_base (llama.cpp's default 10000 is Gemma 2's), a pattern (llama.cpp: 2).
- Qwen3NextModel (Qwen2MoeModel's keys): + ssm.*, full_attention_interval,
  rope.dimension_count = int(head_dim * partial_rotary_factor). Not written: layer types.
- Glm4MoeModel: block_count = num_hidden_layers + num_nextn_predict_layers,
  rope.dimension_count = int(head_dim * partial_rotary_factor), nextn_predict_layers.
- Phi3MiniModel (no base call): context_length, rope.scaling.original_context_length,
  embedding_length, feed_forward_length, block_count, head_count, head_count_kv, rms epsilon,
  rope.dimension_count, rope.freq_base, attention.sliding_window (0 when None), and from
  generate_extra_tensors rope.scaling.attn_factor = sqrt(1 + ln(s)/ln(L0)), s = L/L0, with the
  float32 tensors rope_factors_long.weight and rope_factors_short.weight. Never written:
  rope.scaling.type.
- Qwen3_5TextModel (newer than the commit above; conversion/qwen.py of 2026, see qwen3_5_27b
  below): Qwen3NextModel's keys with block_count = num_hidden_layers + mtp_num_hidden_layers
  (_Qwen35MtpMixin), nextn_predict_layers, rope.freq_base from rope_parameters and
  rope.dimension_sections = mrope_section padded to 4. Not written: layer types.
- Gemma4Model (newer than the commit above; see gemma_4 below): per-layer-type head sizes,
  rotated widths and bases, and rope_freqs encoding p-RoPE as 1 / 1e30 divisors.

The configs are the published ones committed under resources/presets/ (each names its model id
and provenance), and tests/data/configs/gemma-2-9b.json (google/gemma-2-9b).

Run: /usr/bin/python3 tests/io/reference/make_converter_gguf.py  (writes tests/data/gguf/*.gguf)
"""

import json
import math
import os
import struct

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PRESETS = os.path.join(ROOT, "resources", "presets")
OUT = os.path.join(ROOT, "tests", "data", "gguf")

# GGUF value types (ggml docs/gguf.md).
U32, I32, F32, BOOL, STR, ARR = 4, 5, 6, 7, 8, 9
ALIGN = 32


def gguf_string(s):
    b = s.encode("utf-8")
    return struct.pack("<Q", len(b)) + b


class Gguf:
    def __init__(self, arch):
        self.arch = arch
        self.kv = []
        self.tensors = []
        self.put_str("general.architecture", arch)

    def key(self, suffix):
        return self.arch + "." + suffix

    def put(self, k, t, payload):
        self.kv.append(gguf_string(k) + struct.pack("<I", t) + payload)

    def put_u32(self, k, v):
        self.put(k, U32, struct.pack("<I", int(v)))

    def put_f32(self, k, v):
        self.put(k, F32, np.float32(v).tobytes())

    def put_str(self, k, v):
        self.put(k, STR, gguf_string(v))

    def put_u32_array(self, k, values):
        self.put(k, ARR, struct.pack("<IQ", U32, len(values)) +
                 b"".join(struct.pack("<I", int(v)) for v in values))

    def put_bool_array(self, k, values):
        self.put(k, ARR, struct.pack("<IQ", BOOL, len(values)) +
                 bytes(1 if v else 0 for v in values))

    def tensor(self, name, values):
        self.tensors.append((name, np.asarray(values, dtype="<f4")))

    def write(self, path):
        infos = b""
        data = b""
        for name, arr in self.tensors:
            while len(data) % ALIGN:
                data += b"\0"
            # name, n_dims 1, ne0, ggml type F32 (0), offset within the data section
            infos += gguf_string(name) + struct.pack("<IQIQ", 1, arr.size, 0, len(data))
            data += arr.tobytes()
        head = b"GGUF" + struct.pack("<IQQ", 3, len(self.tensors), len(self.kv))
        body = head + b"".join(self.kv) + infos
        while len(body) % ALIGN:
            body += b"\0"
        with open(path, "wb") as f:
            f.write(body + data)


def preset(name):
    with open(os.path.join(PRESETS, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def base_keys(g, h, block_count=None):
    """TextModel.set_gguf_parameters (block_count is the class's self.block_count)."""
    g.put_u32(g.key("block_count"), block_count or h["num_hidden_layers"])
    g.put_u32(g.key("context_length"), h["max_position_embeddings"])
    g.put_u32(g.key("embedding_length"), h["hidden_size"])
    if "intermediate_size" in h:
        g.put_u32(g.key("feed_forward_length"), h["intermediate_size"])
    g.put_u32(g.key("attention.head_count"), h["num_attention_heads"])
    if "num_key_value_heads" in h:
        g.put_u32(g.key("attention.head_count_kv"), h["num_key_value_heads"])
    if h.get("rope_theta") is not None:
        g.put_f32(g.key("rope.freq_base"), h["rope_theta"])
    if "rms_norm_eps" in h:
        g.put_f32(g.key("attention.layer_norm_rms_epsilon"), h["rms_norm_eps"])
    if "layer_norm_eps" in h:
        g.put_f32(g.key("attention.layer_norm_epsilon"), h["layer_norm_eps"])
    if "num_local_experts" in h:
        g.put_u32(g.key("expert_count"), h["num_local_experts"])
    if "num_experts_per_tok" in h:
        g.put_u32(g.key("expert_used_count"), h["num_experts_per_tok"])
    if "head_dim" in h:
        g.put_u32(g.key("attention.key_length"), h["head_dim"])
        g.put_u32(g.key("attention.value_length"), h["head_dim"])


def command_r7b():
    # CohereForAI/c4ai-command-r7b-12-2024 (resources/presets/command-r7b.json)
    h = preset("command-r7b")
    g = Gguf("cohere2")
    base_keys(g, h)
    g.put_f32(g.key("logit_scale"), h["logit_scale"])
    g.put_u32(g.key("attention.sliding_window"), h["sliding_window"])
    g.put_u32(g.key("vocab_size"), h["vocab_size"])
    g.put_u32(g.key("rope.dimension_count"),
              int(h.get("rotary_pct", 1.0) * (h["hidden_size"] // h["num_attention_heads"])))
    g.put_str(g.key("rope.scaling.type"), "none")
    return g


def gpt_oss_20b():
    # openai/gpt-oss-20b (resources/presets/gpt-oss-20b.json)
    h = preset("gpt-oss-20b")
    g = Gguf("gpt-oss")
    base_keys(g, h)
    g.put_u32(g.key("attention.sliding_window"), h["sliding_window"])
    g.put_u32(g.key("expert_feed_forward_length"), h["intermediate_size"])
    rs = h["rope_scaling"]
    g.put_str(g.key("rope.scaling.type"), "yarn")
    g.put_f32(g.key("rope.scaling.factor"), rs["factor"])
    g.put_u32(g.key("rope.scaling.original_context_length"),
              rs.get("original_max_position_embeddings", 4096))
    return g


def gemma_2_9b():
    # google/gemma-2-9b (tests/data/configs/gemma-2-9b.json)
    with open(os.path.join(ROOT, "tests", "data", "configs", "gemma-2-9b.json"),
              encoding="utf-8") as f:
        h = json.load(f)
    g = Gguf("gemma2")
    g.put_u32(g.key("context_length"), h["max_position_embeddings"])
    g.put_u32(g.key("embedding_length"), h["hidden_size"])
    g.put_u32(g.key("block_count"), h["num_hidden_layers"])
    g.put_u32(g.key("feed_forward_length"), h["intermediate_size"])
    g.put_u32(g.key("attention.head_count"), h["num_attention_heads"])
    g.put_u32(g.key("attention.head_count_kv"), h["num_key_value_heads"])
    g.put_f32(g.key("attention.layer_norm_rms_epsilon"), h["rms_norm_eps"])
    g.put_u32(g.key("attention.key_length"), h["head_dim"])
    g.put_u32(g.key("attention.value_length"), h["head_dim"])
    g.put_f32(g.key("attn_logit_softcapping"), h["attn_logit_softcapping"])
    g.put_f32(g.key("final_logit_softcapping"), h["final_logit_softcapping"])
    g.put_u32(g.key("attention.sliding_window"), h["sliding_window"])
    return g


def qwen3_next():
    # Qwen/Qwen3-Next-80B-A3B-Instruct (resources/presets/qwen3-next-80b-a3b.json)
    h = preset("qwen3-next-80b-a3b")
    g = Gguf("qwen3next")
    base_keys(g, h)
    g.put_u32(g.key("ssm.conv_kernel"), h["linear_conv_kernel_dim"])
    g.put_u32(g.key("ssm.state_size"), h["linear_key_head_dim"])
    g.put_u32(g.key("ssm.group_count"), h["linear_num_key_heads"])
    g.put_u32(g.key("ssm.time_step_rank"), h["linear_num_value_heads"])
    g.put_u32(g.key("ssm.inner_size"), h["linear_value_head_dim"] * h["linear_num_value_heads"])
    g.put_u32(g.key("full_attention_interval"), h.get("full_attention_interval", 4))
    g.put_u32(g.key("rope.dimension_count"),
              int(h["head_dim"] * h.get("partial_rotary_factor", 0.25)))
    return g


def qwen3_5_27b():
    # Qwen/Qwen3.5-27B (tests/data/configs/qwen3.5-27b.json, its text_config, which keeps the
    # RoPE fields only). Qwen3_5TextModel(_Qwen35MtpMixin, _Qwen35MRopeMixin, Qwen3NextModel)
    # writes TextModel's keys with block_count = num_hidden_layers + mtp_num_hidden_layers and
    # rope.freq_base = rope_parameters.rope_theta, then Qwen3NextModel's ssm.* keys,
    # full_attention_interval and rope.dimension_count = int(head_dim * partial_rotary_factor),
    # the sections (mrope_section padded with 0 to four axes) and nextn_predict_layers.
    with open(os.path.join(ROOT, "tests", "data", "configs", "qwen3.5-27b.json"),
              encoding="utf-8") as f:
        h = dict(json.load(f)["text_config"])
    rp = h["rope_parameters"]
    h["rope_theta"] = rp["rope_theta"]
    # From the published config.json, which the committed test config leaves out: the Gated
    # DeltaNet sizes (they do not change the rotation) and the one MTP block.
    h.update(linear_conv_kernel_dim=4, linear_key_head_dim=128, linear_value_head_dim=128,
             linear_num_key_heads=16, linear_num_value_heads=48, mtp_num_hidden_layers=1)
    g = Gguf("qwen35")
    base_keys(g, h, h["num_hidden_layers"] + h["mtp_num_hidden_layers"])
    g.put_u32(g.key("ssm.conv_kernel"), h["linear_conv_kernel_dim"])
    g.put_u32(g.key("ssm.state_size"), h["linear_key_head_dim"])
    g.put_u32(g.key("ssm.group_count"), h["linear_num_key_heads"])
    g.put_u32(g.key("ssm.time_step_rank"), h["linear_num_value_heads"])
    g.put_u32(g.key("ssm.inner_size"), h["linear_value_head_dim"] * h["linear_num_value_heads"])
    g.put_u32(g.key("full_attention_interval"), h.get("full_attention_interval", 4))
    g.put_u32(g.key("rope.dimension_count"),
              int(h["head_dim"] * rp.get("partial_rotary_factor", 0.25)))
    section = list(rp.get("mrope_section", [11, 11, 10]))
    g.put_u32_array(g.key("rope.dimension_sections"), section + [0] * (4 - len(section)))
    g.put_u32(g.key("nextn_predict_layers"), h["mtp_num_hidden_layers"])
    return g


def glm_45():
    # zai-org/GLM-4.5 (resources/presets/glm-4.5.json); its config.json also has
    # "num_nextn_predict_layers": 1 (the one MTP layer, model.layers.92), which the preset omits.
    h = dict(preset("glm-4.5"))
    h["num_nextn_predict_layers"] = 1
    g = Gguf("glm4moe")
    # Glm4MoeModel.__init__: block_count = num_hidden_layers + num_nextn_predict_layers.
    base_keys(g, h, h["num_hidden_layers"] + h["num_nextn_predict_layers"])
    g.put_u32(g.key("rope.dimension_count"),
              int(h["head_dim"] * h.get("partial_rotary_factor", 0.5)))
    g.put_u32(g.key("nextn_predict_layers"), h["num_nextn_predict_layers"])
    return g


def phi_35_mini():
    # microsoft/Phi-3.5-mini-instruct (resources/presets/phi-3.5-mini-instruct.json)
    h = preset("phi-3.5-mini-instruct")
    g = Gguf("phi3")
    n_embd, n_head = h["hidden_size"], h["num_attention_heads"]
    L, L0 = h["max_position_embeddings"], h["original_max_position_embeddings"]
    rope_dims = int(h.get("partial_rotary_factor", 1.0) * n_embd) // n_head
    g.put_u32(g.key("context_length"), L)
    g.put_u32(g.key("rope.scaling.original_context_length"), L0)
    g.put_u32(g.key("embedding_length"), n_embd)
    g.put_u32(g.key("feed_forward_length"), h["intermediate_size"])
    g.put_u32(g.key("block_count"), h["num_hidden_layers"])
    g.put_u32(g.key("attention.head_count"), n_head)
    g.put_u32(g.key("attention.head_count_kv"), h["num_key_value_heads"])
    g.put_f32(g.key("attention.layer_norm_rms_epsilon"), h["rms_norm_eps"])
    g.put_u32(g.key("rope.dimension_count"), rope_dims)
    g.put_f32(g.key("rope.freq_base"), h["rope_theta"])
    g.put_u32(g.key("attention.sliding_window"), h.get("sliding_window") or 0)
    scale = L / L0
    g.put_f32(g.key("rope.scaling.attn_factor"),
              math.sqrt(1 + math.log(scale) / math.log(L0)) if scale > 1.0 else 1.0)
    rs = h["rope_scaling"]
    assert len(rs["long_factor"]) == rope_dims // 2
    g.tensor("rope_factors_long.weight", rs["long_factor"])
    g.tensor("rope_factors_short.weight", rs["short_factor"])
    return g


def gemma_4():
    # google/gemma-4-26b-a4b (resources/presets/gemma-4-26b-a4b.json, its text_config). The keys
    # the file ends up with after Gemma4Model.set_gguf_parameters overrides its bases': the layer
    # pattern, per-layer head_count_kv (num_key_value_heads on sliding layers,
    # num_global_key_value_heads on full ones), key_length = global_head_dim, key_length_swa =
    # head_dim, rope.dimension_count = global_head_dim, rope.dimension_count_swa = head_dim ·
    # partial_rotary_factor (1), rope.freq_base / _swa from rope_parameters' full_attention /
    # sliding_attention, and generate_extra_tensors' rope_freqs = [1] · n_rot + [1e30] · the rest
    # with n_rot = int(global_head_dim · 0.25 / 2).
    h = preset("gemma-4-26b-a4b")["text_config"]
    g = Gguf("gemma4")
    swa = [t == "sliding_attention" for t in h["layer_types"]]
    g.put_u32(g.key("block_count"), h["num_hidden_layers"])
    g.put_u32(g.key("context_length"), h["max_position_embeddings"])
    g.put_u32(g.key("embedding_length"), h["hidden_size"])
    g.put_u32(g.key("attention.head_count"), h["num_attention_heads"])
    g.put_u32_array(g.key("attention.head_count_kv"),
                    [h["num_key_value_heads"] if s else h["num_global_key_value_heads"] for s in swa])
    full, slide = h["rope_parameters"]["full_attention"], h["rope_parameters"]["sliding_attention"]
    g.put_f32(g.key("rope.freq_base"), full["rope_theta"])
    g.put_f32(g.key("rope.freq_base_swa"), slide["rope_theta"])
    g.put_u32(g.key("attention.sliding_window"), h["sliding_window"])
    g.put_bool_array(g.key("attention.sliding_window_pattern"), swa)
    g.put_u32(g.key("attention.key_length"), h["global_head_dim"])
    g.put_u32(g.key("attention.value_length"), h["global_head_dim"])
    g.put_u32(g.key("attention.key_length_swa"), h["head_dim"])
    g.put_u32(g.key("attention.value_length_swa"), h["head_dim"])
    g.put_u32(g.key("rope.dimension_count"), h["global_head_dim"])
    g.put_u32(g.key("rope.dimension_count_swa"),
              int(h["head_dim"] * h.get("partial_rotary_factor", 1.0)))
    n_rot = int(h["global_head_dim"] * full["partial_rotary_factor"] / 2)
    g.tensor("rope_freqs.weight", [1.0] * n_rot + [1e30] * (h["global_head_dim"] // 2 - n_rot))
    return g


FAMILIES = {
    "command-r7b": command_r7b,
    "gpt-oss-20b": gpt_oss_20b,
    "gemma-2-9b": gemma_2_9b,
    "qwen3-next-80b-a3b": qwen3_next,
    "qwen3.5-27b": qwen3_5_27b,
    "glm-4.5": glm_45,
    "phi-3.5-mini-instruct": phi_35_mini,
    "gemma-4-26b-a4b": gemma_4,
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, make in FAMILIES.items():
        path = os.path.join(OUT, name + ".gguf")
        make().write(path)
        print(path, os.path.getsize(path))
