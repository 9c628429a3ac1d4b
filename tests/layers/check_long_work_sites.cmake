# SPDX-FileCopyrightText: 2026 RoPE Explorer authors
# SPDX-License-Identifier: GPL-3.0-or-later
# tst_long_work_sites: long work goes through one runner. Run as
#   cmake -DSOURCE_DIR=<project root> -P check_long_work_sites.cmake
# Work that takes longer than a frame runs on a rope::ui::JobRunner (ui/job_runner.h), which owns
# the pool, the cancel flag, progress and partial results, and hands results to the GUI thread
# through the event loop. Every other way to do it has to answer again what the runner answers
# once (a superseded result, a window closed mid-run, progress without polling), so outside the
# runner and the pool (ui/compute_pool.*) no source of core/, io/, figures/, ui/ or app/ names
#   future: QFuture, QFutureWatcher, QPromise, QtConcurrent;
#   timer:  QTimer, QBasicTimer, QObject::startTimer (the way a job gets polled);
#   thread: QThreadPool, QThread::create, a QThread subclass;
# except in the files listed in `exceptions` below, each with its reason. An exception that no
# longer matches fails too, so the list shrinks as the sites move to the runner. std::thread is
# tst_thread_sites' (core/parallel.cpp only). Comments are not code: text after // is ignored.
cmake_minimum_required(VERSION 3.25)

set(kinds future timer thread)
set(pattern_future "(QFuture|QPromise|QtConcurrent)")
set(pattern_timer "(QTimer|QBasicTimer|startTimer[ ]*\\()")
set(pattern_thread "(QThreadPool|QThread::create|public[ ]+QThread([^A-Za-z0-9_]|$))")

# The runner and the pools: the one place each kind belongs (the runner owns the clocks of long
# work: debounce, the slow mark, the progress interval).
set(homes
    "ui/job_runner.h|timer"
    "ui/job_runner.h|thread"
    "ui/job_runner.cpp|timer"
    "ui/job_runner.cpp|thread"
    "ui/compute_pool.h|thread"
    "ui/compute_pool.cpp|thread")

# file|kind|reason. Each is a site that is not long work.
set(exceptions
    "ui/panels/special_controls.cpp|timer|the Play button's 40 ms clock advances the position m: an animation, not a poll of work"
    "app/gui/main.cpp|timer|screenshot mode (ROPE_EXPLORER_SCREENSHOTS) starts its shots once the window has shown: a developer's tool, no work polled")

# Each pattern on lines whose verdict is known: a broken pattern must fail here, not pass every
# file.
foreach(probe IN ITEMS "future|QFutureWatcher<int> w;" "future|auto f = QtConcurrent::run(work);"
                       "future|QPromise<int> p;" "timer|auto* t = new QTimer(this);"
                       "timer|QTimer::singleShot(0, this, f);" "timer|m_id = startTimer(100);"
                       "timer|QBasicTimer m_tick;" "thread|QThreadPool pool;"
                       "thread|auto* t = QThread::create(work);"
                       "thread|class Worker : public QThread {")
    string(REPLACE "|" ";" parts "${probe}")
    list(GET parts 0 kind)
    list(GET parts 1 line)
    if(NOT line MATCHES "${pattern_${kind}}")
        message(FATAL_ERROR "long-work pattern '${kind}' misses: ${line}")
    endif()
endforeach()
foreach(line IN ITEMS "QThread::msleep(20);" "QElapsedTimer waited;" "QDeadlineTimer d;"
                      "#include <QThread>" "class Worker : public QThreadLocal {")
    foreach(kind IN LISTS kinds)
        if(line MATCHES "${pattern_${kind}}")
            message(FATAL_ERROR "long-work pattern '${kind}' matches a permitted line: ${line}")
        endif()
    endforeach()
endforeach()

set(permitted "")
foreach(entry IN LISTS homes exceptions)
    string(REPLACE "|" ";" parts "${entry}")
    list(GET parts 0 file)
    list(GET parts 1 kind)
    list(APPEND permitted "${file}|${kind}")
endforeach()

set(failures "")
set(seen "")
foreach(folder IN ITEMS core io figures ui app)
    file(GLOB_RECURSE sources "${SOURCE_DIR}/${folder}/*.h" "${SOURCE_DIR}/${folder}/*.cpp")
    foreach(source IN LISTS sources)
        file(RELATIVE_PATH rel "${SOURCE_DIR}" "${source}")
        file(STRINGS "${source}" lines REGEX "Q|startTimer")
        foreach(line IN LISTS lines)
            string(REGEX REPLACE "//.*$" "" code "${line}")
            foreach(kind IN LISTS kinds)
                if(code MATCHES "${pattern_${kind}}")
                    if("${rel}|${kind}" IN_LIST permitted)
                        list(APPEND seen "${rel}|${kind}")
                    else()
                        string(APPEND failures "${rel} (${kind}): ${line}\n")
                    endif()
                endif()
            endforeach()
        endforeach()
    endforeach()
endforeach()

if(failures)
    message(FATAL_ERROR "long work outside the runner (run it on a rope::ui::JobRunner, "
                        "ui/job_runner.h, or list the site with its reason):\n${failures}")
endif()
foreach(entry IN LISTS permitted)
    if(NOT entry IN_LIST seen)
        message(FATAL_ERROR "${entry} is listed as permitted but has no such site (any more): "
                            "remove it from check_long_work_sites.cmake (or is SOURCE_DIR the "
                            "project root?)")
    endif()
endforeach()
list(REMOVE_DUPLICATES seen)
list(LENGTH exceptions count)
message(STATUS "long-work sites: the runner, the pool and ${count} listed exceptions")
