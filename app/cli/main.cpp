// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
// rope-cli: the explorer's numbers and figures, headless. Exit status 0 on success, 2 on any
// bad input (one line on stderr naming it), 1 on an internal failure.
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/rope_params.h"
#include "figures/language.h"

#include <QApplication>
#include <QCoreApplication>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <exception>
#include <iostream>
#include <memory>

namespace {

void printUsage(std::ostream& os) {
    os << "Usage: rope-cli [--lang LANG] <command> [options]\n\n"
          "Numbers as JSON on stdout, figures as files. Run 'rope-cli <command> --help' for "
          "the options of a command.\n\nCommands:\n";
    for (const rope::cli::Command& c : rope::cli::allCommands()) {
        std::string name = c.name;
        // A column of 10, or one space after a longer name (bench-min-base).
        name.resize(std::max<std::size_t>(10, name.size() + 1), ' ');
        os << "  " << name << c.summary << '\n';
    }
    os << "\nOptions:\n  -h, --help     Show this help.\n  -v, --version  Show the version.\n"
          "  --lang <LANG>  Words of figures and course texts in LANG (en, zh_CN); default en.\n"
          "                 Before or after the command: rope-cli --lang zh_CN figure ...\n";
}

int fail(const std::string& message) {
    std::cerr << "rope-cli: " << message << '\n';
    return 2;
}

// Removes "--lang LANG" / "--lang=LANG" from argv, wherever it stands before a "--" (after it
// every argument is a value), and stores LANG in \p language. Returns what is wrong, or "".
std::string takeLanguage(int& argc, char* argv[], std::string& language) {
    int found = 0;
    for (int k = 1; k < argc;) {
        const std::string arg = argv[k];
        if (arg == "--") {
            break;
        }
        if (arg != "--lang" && !arg.starts_with("--lang=")) {
            ++k;
            continue;
        }
        if (++found > 1) {
            return "--lang given twice";
        }
        int used = 1;
        if (arg == "--lang") {
            if (k + 1 >= argc) {
                return "--lang needs a value (languages: " +
                       rope::figures::availableLanguages()
                           .join(QStringLiteral(", "))
                           .toStdString() +
                       ")";
            }
            language = argv[k + 1];
            used = 2;
        } else {
            language = arg.substr(7);
        }
        if (!rope::figures::availableLanguages().contains(QString::fromStdString(language))) {
            return rope::figures::unknownLanguageMessage(QString::fromStdString(language))
                .toStdString();
        }
        // The command and its options follow as if --lang had not been given.
        for (int j = k; j + used < argc; ++j) {
            argv[j] = argv[j + used];
        }
        argc -= used;
        argv[argc] = nullptr;
    }
    return {};
}

} // namespace

int main(int argc, char* argv[]) {
    // "--lang LANG" or "--lang=LANG", before or after the command: the language of what is
    // shown (figure titles, labels, legends; course texts). Numbers, ids and JSON keys never
    // change, and the default is English whatever the locale, so scripts get the same output
    // everywhere.
    std::string language = "en";
    if (const std::string problem = takeLanguage(argc, argv, language); !problem.empty()) {
        return fail(problem);
    }
    if (argc < 2) {
        printUsage(std::cerr);
        return 2;
    }
    const std::string first = argv[1];
    if (first == "-h" || first == "--help" || first == "help") {
        printUsage(std::cout);
        return 0;
    }
    if (first == "-v" || first == "--version") {
        std::cout << "rope-cli " << ROPE_VERSION << '\n';
        return 0;
    }
    const rope::cli::Command* command = nullptr;
    for (const rope::cli::Command& c : rope::cli::allCommands()) {
        if (first == c.name) {
            command = &c;
        }
    }
    if (command == nullptr) {
        return fail(first.starts_with('-') ? "unknown option '" + first + "'"
                                           : "unknown command '" + first + "' (see rope-cli --help)");
    }

    // The command's arguments as given: QGuiApplication consumes some of argv (for example
    // "--session <id>", X11 session management), which would swallow `figure --session FILE`.
    QStringList args;
    for (int k = 0; k < argc; ++k) {
        args << QString::fromLocal8Bit(argv[k]);
        // Qt names files in UTF-8: bytes that are not UTF-8 decode to U+FFFD and would name a
        // different file (`--out` wrote "x\uFFFD.png" for "x\xff.png"), so they are refused.
        if (args.last().toLocal8Bit() != QByteArray(argv[k])) {
            return fail("argument " + std::to_string(k) +
                        " is not valid UTF-8 (file names must be UTF-8 here)");
        }
    }

    // Figures render QWidgets; without a display the offscreen platform still draws them.
    std::unique_ptr<QCoreApplication> app;
    if (command->needsGui) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        // Headless shells (CI, ssh, containers) often lack XDG_RUNTIME_DIR; Qt then warns on
        // every run. A private 0700 directory under /tmp is what Qt would fall back to anyway.
        if (qEnvironmentVariableIsEmpty("XDG_RUNTIME_DIR")) {
            const std::string dir = "/tmp/runtime-rope-cli-" + std::to_string(::getuid());
            if ((::mkdir(dir.c_str(), 0700) == 0 || errno == EEXIST) &&
                ::chmod(dir.c_str(), 0700) == 0) {
                qputenv("XDG_RUNTIME_DIR", QByteArray::fromStdString(dir));
            }
        }
        rope::figures::prepareFontsFor(QString::fromStdString(language));
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    QCoreApplication::setApplicationName(QStringLiteral("rope-cli"));
    QCoreApplication::setOrganizationName(QStringLiteral("RoPE Explorer"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ROPE_VERSION));
    rope::figures::installLanguage(QString::fromStdString(language));

    args.removeAt(1);
    args[0] = QStringLiteral("rope-cli ") + QString::fromLatin1(command->name);
    try {
        return command->run(args);
    } catch (const rope::InvalidParameter& e) {
        return fail(e.what());
    } catch (const rope::cli::UsageError& e) {
        return fail(std::string(command->name) + ": " + e.what());
    } catch (const std::exception& e) {
        std::cerr << "rope-cli: internal error: " << e.what() << '\n';
        return 1;
    }
}
