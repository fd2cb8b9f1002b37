// Tesseract kept loaded: one TessBaseAPI per Reader, Init'ed once and reused for every reading,
// each reading on libuv's thread pool. The tesseract CLI pays for loading its model on every
// page (0.10 s of CPU, measured with best_int and fast alike), more than our quick passes and
// many a page's reading cost; the reading itself is the same library call the CLI makes, and its
// TSV (and the page's text after it) and OSD report the same text (native-reader.test.ts compares them).
#include <napi.h>

#include <leptonica/allheaders.h>
#include <tesseract/baseapi.h>
#include <tesseract/ocrclass.h>

#include <malloc.h>

#include <atomic>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Shared {
  tesseract::TessBaseAPI api;
  std::atomic<bool> cancelled{false};
  bool ready = false;
};

bool Cancelled(void *shared, int /*words*/) {
  return static_cast<Shared *>(shared)->cancelled.load();
}

class InitWorker : public Napi::AsyncWorker {
 public:
  InitWorker(Napi::Env env, std::shared_ptr<Shared> shared, std::string folder, std::string languages, int oem)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), shared_(std::move(shared)),
        folder_(std::move(folder)), languages_(std::move(languages)), oem_(oem) {}
  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override {
    if (shared_->api.Init(folder_.c_str(), languages_.c_str(), static_cast<tesseract::OcrEngineMode>(oem_)) != 0) {
      SetError("tesseract could not load " + languages_ + " from " + folder_);
      return;
    }
    // Its notes ("Estimating resolution as 274") went to a process's stderr, read by nobody;
    // in the server's they would fill its log.
    shared_->api.SetVariable("debug_file", "/dev/null");
    shared_->ready = true;
  }
  void OnOK() override { deferred_.Resolve(Env().Undefined()); }
  void OnError(const Napi::Error &error) override { deferred_.Reject(error.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  std::shared_ptr<Shared> shared_;
  std::string folder_, languages_;
  int oem_;
};

/** One reading: the image decoded by Leptonica as the CLI decodes stdin, then TSV or the OSD report. */
class ReadWorker : public Napi::AsyncWorker {
 public:
  ReadWorker(Napi::Env env, std::shared_ptr<Shared> shared, std::vector<uint8_t> image, int psm,
             std::vector<std::pair<std::string, std::string>> variables, bool osd)
      : Napi::AsyncWorker(env), deferred_(Napi::Promise::Deferred::New(env)), shared_(std::move(shared)),
        image_(std::move(image)), psm_(psm), variables_(std::move(variables)), osd_(osd) {}
  Napi::Promise Promise() { return deferred_.Promise(); }

 protected:
  void Execute() override {
    tesseract::TessBaseAPI &api = shared_->api;
    Pix *pix = pixReadMem(image_.data(), image_.size());
    if (pix == nullptr) {
      SetError("pixReadMem: read image failed");
      return;
    }
    // Every reading sets every variable it depends on: a kept API remembers the last one's.
    for (const auto &[name, value] : variables_) {
      if (!api.SetVariable(name.c_str(), value.c_str())) {
        pixDestroy(&pix);
        SetError("unknown tesseract variable " + name);
        return;
      }
    }
    api.SetPageSegMode(static_cast<tesseract::PageSegMode>(psm_));
    api.SetImage(pix);
    char *text = nullptr;
    if (osd_) {
      text = api.GetOsdText(0);
    } else {
      tesseract::ETEXT_DESC monitor;
      monitor.cancel = Cancelled;
      monitor.cancel_this = shared_.get();
      if (api.Recognize(&monitor) < 0) {
        failed_ = shared_->cancelled.load() ? "cancelled" : "recognition failed";
      } else {
        text = api.GetTSVText(0);
      }
    }
    if (text != nullptr) {
      output_ = text;
      delete[] text;
      // The page's text after its TSV, as the CLI writes both to stdout: its spaces are the
      // model's own (Thai, Korean, Chinese keep the page's blanks), which the TSV does not carry.
      bool with_text = false;
      if (!osd_ && api.GetBoolVariable("tessedit_create_txt", &with_text) && with_text) {
        char *plain = api.GetUTF8Text();
        if (plain != nullptr) {
          output_ += plain;
          delete[] plain;
        }
      }
    }
    api.Clear();
    pixDestroy(&pix);
    if (!failed_.empty()) SetError(failed_);
  }
  void OnOK() override { deferred_.Resolve(Napi::String::New(Env(), output_)); }
  void OnError(const Napi::Error &error) override { deferred_.Reject(error.Value()); }

 private:
  Napi::Promise::Deferred deferred_;
  std::shared_ptr<Shared> shared_;
  std::vector<uint8_t> image_;
  int psm_;
  std::vector<std::pair<std::string, std::string>> variables_;
  bool osd_;
  std::string output_, failed_;
};

class Reader : public Napi::ObjectWrap<Reader> {
 public:
  static Napi::Function Define(Napi::Env env) {
    return DefineClass(env, "Reader",
                       {InstanceMethod("init", &Reader::Init), InstanceMethod("read", &Reader::Read),
                        InstanceMethod("cancel", &Reader::Cancel), InstanceMethod("end", &Reader::End)});
  }
  explicit Reader(const Napi::CallbackInfo &info) : Napi::ObjectWrap<Reader>(info), shared_(std::make_shared<Shared>()) {}

 private:
  /** init(folder, languages, oem): the model loaded, once. */
  Napi::Value Init(const Napi::CallbackInfo &info) {
    auto *worker = new InitWorker(info.Env(), shared_, info[0].As<Napi::String>(), info[1].As<Napi::String>(),
                                  info[2].As<Napi::Number>().Int32Value());
    auto promise = worker->Promise();
    worker->Queue();
    return promise;
  }

  /** read(image, psm, [[name, value]...], osd): TSV (with its header line added by the caller) or OSD's report. */
  Napi::Value Read(const Napi::CallbackInfo &info) {
    auto bytes = info[0].As<Napi::Uint8Array>();
    std::vector<uint8_t> image(bytes.Data(), bytes.Data() + bytes.ByteLength());
    std::vector<std::pair<std::string, std::string>> variables;
    auto list = info[2].As<Napi::Array>();
    for (uint32_t i = 0; i < list.Length(); i++) {
      auto pair = list.Get(i).As<Napi::Array>();
      variables.emplace_back(pair.Get(0u).As<Napi::String>(), pair.Get(1u).As<Napi::String>());
    }
    shared_->cancelled = false;
    auto *worker = new ReadWorker(info.Env(), shared_, std::move(image), info[1].As<Napi::Number>().Int32Value(),
                                  std::move(variables), info[3].As<Napi::Boolean>());
    auto promise = worker->Promise();
    worker->Queue();
    return promise;
  }

  Napi::Value Cancel(const Napi::CallbackInfo &info) {
    shared_->cancelled = true;
    return info.Env().Undefined();
  }

  /** The model freed; only between readings (the pool never ends a reader in use). */
  Napi::Value End(const Napi::CallbackInfo &info) {
    if (shared_->ready) shared_->api.End();
    shared_->ready = false;
    return info.Env().Undefined();
  }

  std::shared_ptr<Shared> shared_;
};

/**
 * glibc's freed memory given back to the system: a server that read a burst of pages keeps the
 * heap it grew for them otherwise (idle-memory.ts calls it once the queue has been idle).
 */
Napi::Value Trim(const Napi::CallbackInfo &info) {
  return Napi::Boolean::New(info.Env(), malloc_trim(0) == 1);
}

Napi::Object Register(Napi::Env env, Napi::Object exports) {
  // Leptonica's own report of an image it cannot decode: the reading's error tells it instead.
  setMsgSeverity(L_SEVERITY_NONE);
  exports.Set("Reader", Reader::Define(env));
  exports.Set("version", Napi::String::New(env, tesseract::TessBaseAPI::Version()));
  exports.Set("trim", Napi::Function::New(env, Trim));
  return exports;
}

}  // namespace

NODE_API_MODULE(tesseract_reader, Register)
