// Private to arena/process: includes Boost.Process v2 (Boost 1.81) the way it builds without any
// compiled Boost library.
//
// BOOST_PROCESS_USE_STD_FS (set in CMakeLists.txt) makes Process v2 use std::filesystem instead
// of Boost.Filesystem, whose library would otherwise be needed. In 1.81 that mode forgets some
// includes that Boost.Filesystem's headers used to bring in (boost::optional, boost::io::quoted,
// and the unqualified decay / is_convertible it finds in namespace boost), so include them first.
#pragma once

#ifndef BOOST_PROCESS_USE_STD_FS
#error "arena_process builds Boost.Process v2 with BOOST_PROCESS_USE_STD_FS (see CMakeLists.txt)"
#endif

// The order matters here:
// clang-format off
#include <boost/io/quoted.hpp>
#include <boost/optional.hpp>
#include <boost/type_traits/decay.hpp>
#include <boost/type_traits/is_convertible.hpp>
#include <boost/process/v2/process.hpp>
// clang-format on
