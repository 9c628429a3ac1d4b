// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/llama_cpp_args.h"

#include "core/rope_params.h"
#include "io/io_text.h"

#include <QHash>
#include <QProcess>

#include <string>

namespace rope::io {

namespace {

struct Flag {
    const char* name;
    /// Values the flag takes: 0 (a switch, or a --x/--no-x pair), 1, or 2 (--lora-scaled
    /// FNAME SCALE, --control-vector-scaled, --control-vector-layer-range, --spec-replace).
    int values;
};

// Every name of every option that common_params_parser_init registers (common/arg.cpp at
// commit 145b628, read option by option), short and long forms and the negative "--no-…"
// forms, for all of llama.cpp's programs. Sorted by name.
// clang-format off
constexpr Flag kFlags[] = {
    {"--alias", 1}, {"--api-key", 1}, {"--api-key-file", 1}, {"--api-prefix", 1},
    {"--attention", 1}, {"--audio", 1}, {"--batch-size", 1}, {"--binary-file", 1},
    {"--cache-list", 0}, {"--cache-ram", 1}, {"--cache-reuse", 1}, {"--cache-type-k", 1},
    {"--cache-type-k-draft", 1}, {"--cache-type-v", 1}, {"--cache-type-v-draft", 1},
    {"--chat-template", 1}, {"--chat-template-file", 1}, {"--chat-template-kwargs", 1},
    {"--check-tensors", 0}, {"--chunk", 1}, {"--chunk-separator", 1}, {"--chunk-size", 1},
    {"--chunks", 1}, {"--cls-separator", 1}, {"--color", 1}, {"--completion-bash", 0},
    {"--cont-batching", 0}, {"--context-file", 1}, {"--context-shift", 0}, {"--control-vector", 1},
    {"--control-vector-layer-range", 2}, {"--control-vector-scaled", 2}, {"--conversation", 0},
    {"--cpu-mask", 1}, {"--cpu-mask-batch", 1}, {"--cpu-mask-batch-draft", 1},
    {"--cpu-mask-draft", 1}, {"--cpu-moe", 0}, {"--cpu-moe-draft", 0}, {"--cpu-range", 1},
    {"--cpu-range-batch", 1}, {"--cpu-range-batch-draft", 1}, {"--cpu-range-draft", 1},
    {"--cpu-strict", 1}, {"--cpu-strict-batch", 1}, {"--cpu-strict-batch-draft", 1},
    {"--cpu-strict-draft", 1}, {"--ctx-checkpoints", 1}, {"--ctx-size", 1},
    {"--ctx-size-draft", 1}, {"--defrag-thold", 1}, {"--device", 1}, {"--device-draft", 1},
    {"--diffusion-add-gumbel-noise", 1}, {"--diffusion-alg-temp", 1}, {"--diffusion-algorithm", 1},
    {"--diffusion-block-length", 1}, {"--diffusion-cfg-scale", 1}, {"--diffusion-eps", 1},
    {"--diffusion-steps", 1}, {"--diffusion-visual", 0}, {"--display-prompt", 0},
    {"--docker-repo", 1}, {"--draft", 1}, {"--draft-max", 1}, {"--draft-min", 1}, {"--draft-n", 1},
    {"--draft-n-min", 1}, {"--draft-p-min", 1}, {"--draft-p-split", 1},
    {"--dry-allowed-length", 1}, {"--dry-base", 1}, {"--dry-multiplier", 1},
    {"--dry-penalty-last-n", 1}, {"--dry-sequence-breaker", 1}, {"--dynatemp-exp", 1},
    {"--dynatemp-range", 1}, {"--embd-gemma-default", 0}, {"--embd-normalize", 1},
    {"--embd-output-format", 1}, {"--embd-separator", 1}, {"--embedding", 0}, {"--embeddings", 0},
    {"--epochs", 1}, {"--escape", 0}, {"--file", 1}, {"--fim-qwen-1.5b-default", 0},
    {"--fim-qwen-14b-spec", 0}, {"--fim-qwen-30b-default", 0}, {"--fim-qwen-3b-default", 0},
    {"--fim-qwen-7b-default", 0}, {"--fim-qwen-7b-spec", 0}, {"--fit", 1}, {"--fit-ctx", 1},
    {"--fit-target", 1}, {"--flash-attn", 1}, {"--frequency-penalty", 1}, {"--from-chunk", 1},
    {"--gpt-oss-120b-default", 0}, {"--gpt-oss-20b-default", 0}, {"--gpu-layers", 1},
    {"--gpu-layers-draft", 1}, {"--grammar", 1}, {"--grammar-file", 1}, {"--grp-attn-n", 1},
    {"--grp-attn-w", 1}, {"--hellaswag", 0}, {"--hellaswag-tasks", 1}, {"--help", 0},
    {"--hf-file", 1}, {"--hf-file-v", 1}, {"--hf-repo", 1}, {"--hf-repo-draft", 1},
    {"--hf-repo-v", 1}, {"--hf-token", 1}, {"--host", 1}, {"--ignore-eos", 0}, {"--image", 1},
    {"--image-max-tokens", 1}, {"--image-min-tokens", 1}, {"--in-file", 1}, {"--in-prefix", 1},
    {"--in-prefix-bos", 0}, {"--in-suffix", 1}, {"--interactive", 0}, {"--interactive-first", 0},
    {"--jinja", 0}, {"--json-schema", 1}, {"--json-schema-file", 1}, {"--junk", 1}, {"--keep", 1},
    {"--kl-divergence", 0}, {"--kl-divergence-base", 1}, {"--kv-offload", 0}, {"--kv-unified", 0},
    {"--learning-rate", 1}, {"--learning-rate-decay-epochs", 1}, {"--learning-rate-min", 1},
    {"--list-devices", 0}, {"--log-colors", 1}, {"--log-disable", 0}, {"--log-file", 1},
    {"--log-prefix", 0}, {"--log-timestamps", 0}, {"--log-verbose", 0}, {"--log-verbosity", 1},
    {"--logit-bias", 1}, {"--lookup-cache-dynamic", 1}, {"--lookup-cache-static", 1},
    {"--lora", 1}, {"--lora-init-without-apply", 0}, {"--lora-scaled", 2}, {"--main-gpu", 1},
    {"--media-path", 1}, {"--method", 1}, {"--metrics", 0}, {"--min-p", 1}, {"--mirostat", 1},
    {"--mirostat-ent", 1}, {"--mirostat-lr", 1}, {"--mlock", 0}, {"--mmap", 0}, {"--mmproj", 1},
    {"--mmproj-auto", 0}, {"--mmproj-offload", 0}, {"--mmproj-url", 1}, {"--model", 1},
    {"--model-draft", 1}, {"--model-url", 1}, {"--model-vocoder", 1}, {"--models-autoload", 0},
    {"--models-dir", 1}, {"--models-max", 1}, {"--models-preset", 1}, {"--multiline-input", 0},
    {"--multiple-choice", 0}, {"--multiple-choice-tasks", 1}, {"--n-cpu-moe", 1},
    {"--n-cpu-moe-draft", 1}, {"--n-gpu-layers", 1}, {"--n-gpu-layers-draft", 1},
    {"--n-predict", 1}, {"--negative-file", 1}, {"--no-cont-batching", 0},
    {"--no-context-shift", 0}, {"--no-conversation", 0}, {"--no-display-prompt", 0},
    {"--no-escape", 0}, {"--no-host", 0}, {"--no-jinja", 0}, {"--no-kv-offload", 0},
    {"--no-mmap", 0}, {"--no-mmproj", 0}, {"--no-mmproj-auto", 0}, {"--no-mmproj-offload", 0},
    {"--no-models-autoload", 0}, {"--no-op-offload", 0}, {"--no-perf", 0}, {"--no-ppl", 0},
    {"--no-prefill-assistant", 0}, {"--no-repack", 0}, {"--no-show-timings", 0}, {"--no-slots", 0},
    {"--no-warmup", 0}, {"--no-webui", 0}, {"--numa", 1}, {"--offline", 0}, {"--op-offload", 0},
    {"--optimizer", 1}, {"--output", 1}, {"--output-file", 1}, {"--output-format", 1},
    {"--output-frequency", 1}, {"--override-kv", 1}, {"--override-tensor", 1},
    {"--override-tensor-draft", 1}, {"--parallel", 1}, {"--parse-special", 0}, {"--path", 1},
    {"--pca-batch", 1}, {"--pca-iter", 1}, {"--perf", 0}, {"--poll", 1}, {"--poll-batch", 1},
    {"--poll-batch-draft", 1}, {"--poll-draft", 1}, {"--pooling", 1}, {"--port", 1}, {"--pos", 1},
    {"--positive-file", 1}, {"--ppl", 0}, {"--ppl-output-type", 1}, {"--ppl-stride", 1},
    {"--predict", 1}, {"--prefill-assistant", 0}, {"--presence-penalty", 1},
    {"--print-token-count", 1}, {"--prio", 1}, {"--prio-batch", 1}, {"--prio-batch-draft", 1},
    {"--prio-draft", 1}, {"--process-output", 0}, {"--prompt", 1}, {"--prompt-cache", 1},
    {"--prompt-cache-all", 0}, {"--prompt-cache-ro", 0}, {"--props", 0}, {"--reasoning-budget", 1},
    {"--reasoning-format", 1}, {"--repack", 0}, {"--repeat-last-n", 1}, {"--repeat-penalty", 1},
    {"--rerank", 0}, {"--reranking", 0}, {"--reverse-prompt", 1}, {"--rope-freq-base", 1},
    {"--rope-freq-scale", 1}, {"--rope-scale", 1}, {"--rope-scaling", 1}, {"--rpc", 1},
    {"--sampler-seq", 1}, {"--samplers", 1}, {"--sampling-seq", 1}, {"--save-all-logits", 1},
    {"--save-frequency", 1}, {"--seed", 1}, {"--sequences", 1}, {"--show-statistics", 0},
    {"--show-timings", 0}, {"--simple-io", 0}, {"--single-turn", 0},
    {"--slot-prompt-similarity", 1}, {"--slot-save-path", 1}, {"--slots", 0},
    {"--spec-replace", 2}, {"--special", 0}, {"--split-mode", 1}, {"--spm-infill", 0},
    {"--ssl-cert-file", 1}, {"--ssl-key-file", 1}, {"--swa-checkpoints", 1}, {"--swa-full", 0},
    {"--system-prompt", 1}, {"--system-prompt-file", 1}, {"--temp", 1}, {"--tensor-split", 1},
    {"--threads", 1}, {"--threads-batch", 1}, {"--threads-batch-draft", 1}, {"--threads-draft", 1},
    {"--threads-http", 1}, {"--timeout", 1}, {"--top-k", 1}, {"--top-nsigma", 1}, {"--top-p", 1},
    {"--tts-oute-default", 0}, {"--tts-speaker-file", 1}, {"--tts-use-guide-tokens", 0},
    {"--typical", 1}, {"--ubatch-size", 1}, {"--usage", 0}, {"--val-split", 1}, {"--verbose", 0},
    {"--verbose-prompt", 0}, {"--verbosity", 1}, {"--version", 0},
    {"--vision-gemma-12b-default", 0}, {"--vision-gemma-4b-default", 0}, {"--warmup", 0},
    {"--webui", 0}, {"--weight-decay", 1}, {"--winogrande", 0}, {"--winogrande-tasks", 1},
    {"--xtc-probability", 1}, {"--xtc-threshold", 1}, {"--yarn-attn-factor", 1},
    {"--yarn-beta-fast", 1}, {"--yarn-beta-slow", 1}, {"--yarn-ext-factor", 1},
    {"--yarn-orig-ctx", 1}, {"-C", 1}, {"-Cb", 1}, {"-Cbd", 1}, {"-Cd", 1}, {"-Cr", 1},
    {"-Crb", 1}, {"-Crbd", 1}, {"-Crd", 1}, {"-a", 1}, {"-b", 1}, {"-bf", 1}, {"-c", 1},
    {"-cb", 0}, {"-cd", 1}, {"-cl", 0}, {"-cmoe", 0}, {"-cmoed", 0}, {"-cnv", 0}, {"-co", 1},
    {"-cram", 1}, {"-ctk", 1}, {"-ctkd", 1}, {"-ctv", 1}, {"-ctvd", 1}, {"-decay-epochs", 1},
    {"-dev", 1}, {"-devd", 1}, {"-dr", 1}, {"-dt", 1}, {"-e", 0}, {"-epochs", 1}, {"-f", 1},
    {"-fa", 1}, {"-fit", 1}, {"-fitc", 1}, {"-fitt", 1}, {"-gan", 1}, {"-gaw", 1}, {"-h", 0},
    {"-hf", 1}, {"-hfd", 1}, {"-hff", 1}, {"-hffv", 1}, {"-hfr", 1}, {"-hfrd", 1}, {"-hfrv", 1},
    {"-hft", 1}, {"-hfv", 1}, {"-i", 0}, {"-if", 0}, {"-j", 1}, {"-jf", 1}, {"-kvo", 0},
    {"-kvu", 0}, {"-l", 1}, {"-lcd", 1}, {"-lcs", 1}, {"-lr", 1}, {"-lr-min", 1}, {"-lv", 1},
    {"-m", 1}, {"-md", 1}, {"-mg", 1}, {"-mli", 0}, {"-mm", 1}, {"-mmu", 1}, {"-mu", 1},
    {"-mv", 1}, {"-n", 1}, {"-ncmoe", 1}, {"-ncmoed", 1}, {"-ngl", 1}, {"-ngld", 1}, {"-nkvo", 0},
    {"-no-cnv", 0}, {"-nocb", 0}, {"-np", 1}, {"-npl", 1}, {"-npp", 1}, {"-nr", 0}, {"-ns", 1},
    {"-ntg", 1}, {"-o", 1}, {"-ofreq", 1}, {"-opt", 1}, {"-ot", 1}, {"-otd", 1}, {"-p", 1},
    {"-pps", 0}, {"-ptc", 1}, {"-r", 1}, {"-s", 1}, {"-sm", 1}, {"-sp", 0}, {"-sps", 1},
    {"-st", 0}, {"-sys", 1}, {"-sysf", 1}, {"-t", 1}, {"-tb", 1}, {"-tbd", 1}, {"-td", 1},
    {"-tgs", 0}, {"-to", 1}, {"-ts", 1}, {"-ub", 1}, {"-v", 0}, {"-val-split", 1}, {"-wd", 1},
};
// clang-format on

const QHash<QString, int>& flagTable() {
    static const QHash<QString, int> table = [] {
        QHash<QString, int> t;
        for (const Flag& f : kFlags) {
            t.insert(QString::fromLatin1(f.name), f.values);
        }
        return t;
    }();
    return table;
}

// llama.cpp replaces '_' by '-' in an argument that starts with "--" before looking it up.
QString normalized(const QString& arg) {
    if (!arg.startsWith(QLatin1String("--"))) {
        return arg;
    }
    QString out = arg;
    out.replace(QLatin1Char('_'), QLatin1Char('-'));
    return out;
}

[[noreturn]] void refuse(const QString& text) {
    throw InvalidParameter("engine-args", "--engine-args: " + text.toStdString());
}

} // namespace

std::optional<int> llamaCppFlagValues(const QString& flag) {
    const auto it = flagTable().constFind(normalized(flag));
    if (it == flagTable().constEnd()) {
        return std::nullopt;
    }
    return it.value();
}

QStringList llamaCppRopeFlags() {
    return {QStringLiteral("--rope-scaling"),     QStringLiteral("--rope-scale"),
            QStringLiteral("--rope-freq-base"),   QStringLiteral("--rope-freq-scale"),
            QStringLiteral("--yarn-orig-ctx"),    QStringLiteral("--yarn-ext-factor"),
            QStringLiteral("--yarn-attn-factor"), QStringLiteral("--yarn-beta-slow"),
            QStringLiteral("--yarn-beta-fast"),   QStringLiteral("--ctx-size"),
            QStringLiteral("--grp-attn-n"),       QStringLiteral("--grp-attn-w"),
            QStringLiteral("--override-kv")};
}

QStringList checkLlamaCppArgs(const QStringList& args) {
    QStringList out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString arg = normalized(args[i]);
        const std::optional<int> values = llamaCppFlagValues(arg);
        if (!values) {
            if (arg.startsWith(QLatin1Char('-'))) {
                refuse(IoText::tr("unknown llama.cpp flag '%1' (llama.cpp refuses it: "
                                  "\"error: invalid argument: %1\"; flags as of %2)")
                           .arg(args[i], QLatin1String(kLlamaCppArgsSource)));
            }
            refuse(IoText::tr("'%1' is not a llama.cpp flag; llama.cpp takes no positional "
                              "arguments (\"error: invalid argument: %1\"), so a value "
                              "must follow its flag")
                       .arg(args[i]));
        }
        if (args.size() - 1 - i < *values) {
            refuse(IoText::tr("llama.cpp flag '%1' expects %2 value(s) after it "
                              "(\"expected value for argument\")")
                       .arg(args[i])
                       .arg(*values));
        }
        out << arg;
        for (int v = 0; v < *values; ++v) {
            out << args[++i];
        }
    }
    return out;
}

QStringList splitEngineArgs(const QString& text) {
    return QProcess::splitCommand(text);
}

} // namespace rope::io
