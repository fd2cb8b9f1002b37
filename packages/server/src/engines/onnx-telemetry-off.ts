// onnxruntime-node's Linux build reports its use to Microsoft (1DS telemetry: an upload, a device
// id in the temporary folder, a log beside it) unless ORT_DISABLE_TELEMETRY is set before it
// starts; the site makes no request to a third party. Set in the main thread, whose setenv() is
// what the runtime's getenv() reads in every thread (a worker's process.env is its own copy):
// imported by the conversion pool before it starts a thread, and by the second recogniser's
// loader for a reading in the main thread (tests, benches, the queue worker's own thread).
process.env.ORT_DISABLE_TELEMETRY = '1';
