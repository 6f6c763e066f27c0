<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>IdentityBadge</name>
    <message>
        <source>Same person</source>
        <translation>同一人</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>需核对</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>已改变</translation>
    </message>
    <message>
        <source>The restored face is still the same person.</source>
        <translation>修复后的脸仍是同一个人。</translation>
    </message>
    <message>
        <source>Look again: the face may have changed. Lowering its strength keeps more of the original.</source>
        <translation>请再看一下：这张脸可能已改变。降低强度可保留更多原貌。</translation>
    </message>
    <message>
        <source>The restored face looks like someone else. Lower its strength until the badge turns green, or reject it.</source>
        <translation>修复后的脸看起来像另一个人。请降低强度直到标记变绿，或拒绝此脸。</translation>
    </message>
    <message>
        <source>%1: identity score %2 (1 is the same face).</source>
        <extracomment>%1 is the band&apos;s word (&quot;Changed&quot;), %2 a number such as 0.83</extracomment>
        <translation>%1：身份相似度 %2（1 表示同一张脸）。</translation>
    </message>
</context>
<context>
    <name>gpen::ui::AboutDialog</name>
    <message>
        <source>About GPEN Studio</source>
        <translation>关于 GPEN Studio</translation>
    </message>
    <message>
        <source>Restores faces in old, blurry and low-resolution photographs with the GPEN networks, on your own computer.</source>
        <translation>在您自己的电脑上，用 GPEN 网络修复老旧、模糊和低分辨率照片中的人脸。</translation>
    </message>
    <message>
        <source>BSD 3-Clause licence (the Real-ESRGAN project)</source>
        <translation>BSD 3-Clause 许可证（Real-ESRGAN 项目）</translation>
    </message>
    <message>
        <source>the 68-point landmark model is trained on the iBUG 300-W data set, whose licence excludes commercial use.</source>
        <translation>68 点特征点模型由 iBUG 300-W 数据集训练，该数据集的许可证禁止商业用途。</translation>
    </message>
    <message>
        <source>GNU LGPL version 3</source>
        <translation>GNU LGPL 第 3 版</translation>
    </message>
    <message>
        <source>BSD 3-Clause licence</source>
        <translation>BSD 3-Clause 许可证</translation>
    </message>
    <message>
        <source>Apache License 2.0</source>
        <translation>Apache 许可证 2.0</translation>
    </message>
    <message>
        <source>Boost Software License 1.0</source>
        <translation>Boost 软件许可证 1.0</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Libraries</source>
        <translation>库</translation>
    </message>
    <message>
        <source>Model weights</source>
        <translation>模型权重</translation>
    </message>
    <message>
        <source>The weights are not part of GPEN Studio; each comes with its authors&apos; terms:</source>
        <translation>权重不属于 GPEN Studio；每个权重都附有其作者的使用条款：</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>GNU GPL version 2 or later</source>
        <translation>GNU GPL 第 2 版或更高版本</translation>
    </message>
    <message>
        <source>curl licence (MIT-style)</source>
        <translation>curl 许可证（MIT 风格）</translation>
    </message>
    <message>
        <source>GPEN Studio&apos;s code is free software under the Apache License 2.0. Built with exiv2, the program as a whole is distributed under the GNU GPL version 3 or later.</source>
        <translation>GPEN Studio 的代码是依据 Apache License 2.0 发布的自由软件。由于与 exiv2 一起构建，整个程序依据 GNU GPL 第 3 版或更高版本分发。</translation>
    </message>
</context>
<context>
    <name>gpen::ui::BatchDialog</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Include sub-folders (the output mirrors them)</source>
        <translation>包含子文件夹（输出保持相同结构）</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Cancel Batch</source>
        <translation>取消批处理</translation>
    </message>
    <message>
        <source>Open &amp;Report</source>
        <translation>打开报告(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Output Folder</source>
        <translation>打开输出文件夹(&amp;O)</translation>
    </message>
    <message>
        <source>Batch Restore</source>
        <translation>批量修复</translation>
    </message>
    <message>
        <source>all photos (e.g. *.tif; 1950s/**)</source>
        <translation>所有照片（例如 *.tif; 1950s/**）</translation>
    </message>
    <message>
        <source>none (e.g. *-restored.*; drafts/**)</source>
        <translation>无（例如 *-restored.*; drafts/**）</translation>
    </message>
    <message>
        <source>Globs separated by &apos;;&apos;. A pattern with &apos;/&apos; is matched against the path inside the input folder, else against the file name.</source>
        <translation>通配符以 &apos;;&apos; 分隔。含 &apos;/&apos; 的模式与输入文件夹内的路径匹配，否则与文件名匹配。</translation>
    </message>
    <message>
        <source>{name} file name, {ext} extension, {relpath} sub-folder, {model} face model, {scale} background scale, {date} today, {index} position in the list</source>
        <translation>{name} 文件名，{ext} 扩展名，{relpath} 子文件夹，{model} 人脸模型，{scale} 背景放大倍数，{date} 今天日期，{index} 在列表中的序号</translation>
    </message>
    <message>
        <source>Skip the file</source>
        <translation>跳过该文件</translation>
    </message>
    <message>
        <source>Overwrite it</source>
        <translation>覆盖它</translation>
    </message>
    <message>
        <source>Add a number to the name</source>
        <translation>在名称后加编号</translation>
    </message>
    <message>
        <source>Same as the photo</source>
        <translation>与照片相同</translation>
    </message>
    <message>
        <source>JPEG and WebP quality</source>
        <translation>JPEG 和 WebP 质量</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Input folder</source>
        <translation>输入文件夹</translation>
    </message>
    <message>
        <source>Include</source>
        <translation>包含</translation>
    </message>
    <message>
        <source>Exclude</source>
        <translation>排除</translation>
    </message>
    <message>
        <source>Output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <source>Names</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>If the file exists</source>
        <translation>文件已存在时</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>格式</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>人脸</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>用时</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Input Folder</source>
        <translation>输入文件夹</translation>
    </message>
    <message>
        <source>Output Folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Resuming…</source>
        <translation>正在继续…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>-restored</source>
        <translation>-修复</translation>
    </message>
    <message>
        <source>Template error: %1</source>
        <translation>模板错误：%1</translation>
    </message>
    <message>
        <source>Example: %1 → %2</source>
        <translation>示例：%1 → %2</translation>
    </message>
    <message>
        <source>Choose an input folder that exists.</source>
        <translation>请选择一个存在的输入文件夹。</translation>
    </message>
    <message>
        <source>Choose an output folder.</source>
        <translation>请选择输出文件夹。</translation>
    </message>
    <message>
        <source>The output folder is the input folder: choose a folder of its own for the restored photos, so that no original is ever replaced.</source>
        <translation>输出文件夹就是输入文件夹：请为修复后的照片另选一个文件夹，以免任何原始照片被替换。</translation>
    </message>
    <message>
        <source>Waiting for the engine…</source>
        <translation>正在等待引擎…</translation>
    </message>
    <message>
        <source>Looking for photos…</source>
        <translation>正在查找照片…</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Restoring…</source>
        <translation>正在修复…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message numerus="yes">
        <source>%n photo(s) to restore</source>
        <translation>
            <numerusform>%n 张照片待修复</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2/%3</source>
        <translation>%1 %2/%3</translation>
    </message>
    <message>
        <source>Restoring: %1</source>
        <translation>正在修复：%1</translation>
    </message>
    <message>
        <source>%1 of %2 photos — %3 done, %4 skipped, %5 failed</source>
        <translation>共 %2 张照片中的第 %1 张 — %3 张完成，%4 张跳过，%5 张失败</translation>
    </message>
    <message>
        <source> — paused</source>
        <translation> — 已暂停</translation>
    </message>
    <message>
        <source> — about %1 left</source>
        <translation> — 约剩 %1</translation>
    </message>
    <message>
        <source>Batch finished: %1 restored, %2 skipped, %3 failed in %4</source>
        <translation>批处理完成：%1 张已修复，%2 张跳过，%3 张失败，用时 %4</translation>
    </message>
    <message>
        <source>Batch cancelled: %1 restored, %2 skipped, %3 failed, %4 not done in %5</source>
        <translation>批处理已取消：%1 张已修复，%2 张跳过，%3 张失败，%4 张未处理，用时 %5</translation>
    </message>
    <message>
        <source>The batch could not start: %1</source>
        <translation>批处理无法开始：%1</translation>
    </message>
    <message>
        <source>GPEN Studio</source>
        <translation>GPEN Studio</translation>
    </message>
    <message>
        <source>Show only files to review (a face may no longer look like the same person)</source>
        <translation>只显示需核对的文件（某张脸可能已不像同一个人）</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>需核对</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) to review: a face may no longer look like the same person</source>
        <translation>
            <numerusform>%n 个文件需核对：某张脸可能已不像同一个人</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Face(s) %1 may no longer look like the same person (lowest identity score %2): compare them before you keep this output.</source>
        <extracomment>%1 lists face numbers (&quot;2, 5&quot;), %2 is the lowest identity score (0.42)</extracomment>
        <translation>
            <numerusform>第 %1 张脸可能已不像同一个人（最低身份相似度 %2）：保留此输出前请先比较。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not written: disk full</source>
        <translation>未写入：磁盘已满</translation>
    </message>
    <message numerus="yes">
        <source>Stopped: the disk is full. %n photo(s) not written yet stay in the report; free some space and start the same batch again to finish them (what is done is kept).</source>
        <translation>
            <numerusform>已停止：磁盘已满。%n 张尚未写入的照片保留在报告中；请腾出空间后再次启动同一批处理来完成它们（已完成的会保留）。</numerusform>
        </translation>
    </message>
    <message>
        <source>No photos to restore here: none of its files is a photo these choices select.</source>
        <translation>此处没有可修复的照片：没有文件符合当前选择。</translation>
    </message>
    <message numerus="yes">
        <source>%n photo(s) selected: %1</source>
        <translation>
            <numerusform>已选择 %n 张照片：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Details: %1</source>
        <translation>详细信息：%1</translation>
    </message>
    <message>
        <source>Will be written as %1</source>
        <translation>将写入为 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) that cannot be opened as photos: %1</source>
        <translation>
            <numerusform>%n 个文件无法作为照片打开：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) that cannot be restored</source>
        <translation>
            <numerusform>%n 个文件无法修复</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n done already</source>
        <translation>
            <numerusform>%n 个已完成</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>gpen::ui::ComparisonView</name>
    <message>
        <source>Zoom</source>
        <translation>缩放</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应</translation>
    </message>
    <message>
        <source>Zoom to fit the window (Ctrl+0)</source>
        <translation>缩放以适应窗口（Ctrl+0）</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>Actual size: one photo pixel per screen pixel (Ctrl+1)</source>
        <translation>实际大小：一个照片像素对应一个屏幕像素（Ctrl+1）</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>gpen::ui::CoreText</name>
    <message>
        <source>The file could not be read or written.</source>
        <translation>无法读取或写入文件。</translation>
    </message>
    <message>
        <source>This is not a model file.</source>
        <translation>这不是模型文件。</translation>
    </message>
    <message>
        <source>The model file contains code that is not allowed; it was not loaded.</source>
        <translation>模型文件包含不允许的代码，已拒绝加载。</translation>
    </message>
    <message>
        <source>The file is damaged.</source>
        <translation>文件已损坏。</translation>
    </message>
    <message>
        <source>The model file does not match a supported network.</source>
        <translation>模型文件与支持的网络结构不匹配。</translation>
    </message>
    <message>
        <source>The model file holds corrupt values.</source>
        <translation>模型文件包含损坏的数值。</translation>
    </message>
    <message>
        <source>Not enough memory.</source>
        <translation>内存不足。</translation>
    </message>
    <message>
        <source>The compute device failed.</source>
        <translation>计算设备出错。</translation>
    </message>
    <message>
        <source>Cancelled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Internal error.</source>
        <translation>内部错误。</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>背景超分辨率</translation>
    </message>
    <message>
        <source>Face detection</source>
        <translation>人脸检测</translation>
    </message>
    <message>
        <source>Face restoration</source>
        <translation>人脸修复</translation>
    </message>
    <message>
        <source>Face masks</source>
        <translation>人脸蒙版</translation>
    </message>
    <message>
        <source>RetinaFace-R50 is not installed: detecting faces with the built-in dlib detector</source>
        <translation>未安装 RetinaFace-R50：改用内置 dlib 检测器检测人脸</translation>
    </message>
    <message>
        <source>No face model used: faces left as they are</source>
        <translation>未使用人脸模型：人脸保持原样</translation>
    </message>
    <message>
        <source>Restored by the earlier run, which stopped before recording its details</source>
        <translation>已由上一次运行修复，该运行在记录详情前停止</translation>
    </message>
    <message>
        <source>Background upscaled x%1 with %2</source>
        <extracomment>%1 is the scale (2, 4), %2 the upscaler&apos;s name (realesrgan-x4fast, realesrnet_x2)</extracomment>
        <translation>背景已用 %2 放大 %1 倍</translation>
    </message>
    <message>
        <source>The reference authors released the GPEN weights for academic and non-commercial use.</source>
        <translation>GPEN 模型权重由原作者发布，仅限学术和非商业用途。</translation>
    </message>
    <message>
        <source>Faces colorized; the rest of the photo stays gray (no whole-photo colorizer is available)</source>
        <translation>人脸已上色；照片其余部分保持灰色（没有可为整张照片上色的网络）</translation>
    </message>
    <message>
        <source>Faces colorized; the rest of the photo toned with their average colour</source>
        <translation>人脸已上色；照片其余部分按人脸的平均颜色着色调</translation>
    </message>
    <message>
        <source>Identity check</source>
        <translation>身份核对</translation>
    </message>
    <message>
        <source>The disk is full.</source>
        <translation>磁盘已满。</translation>
    </message>
    <message>
        <source>The photo is larger than the largest photo set in Settings.</source>
        <translation>照片超过了设置中规定的最大照片尺寸。</translation>
    </message>
    <message>
        <source>The download failed.</source>
        <translation>下载失败。</translation>
    </message>
    <message>
        <source>The downloaded file is not the released one.</source>
        <translation>下载的文件不是官方发布的文件。</translation>
    </message>
    <message numerus="yes">
        <source>Damage repaired: %1 % of the photo in %n area(s)</source>
        <extracomment>%1 is the share of the photo&apos;s pixels, %n the number of damaged areas filled</extracomment>
        <translation>
            <numerusform>已修复损伤：照片的 %1 %，共 %n 处</numerusform>
        </translation>
    </message>
    <message>
        <source>No damage found</source>
        <translation>未发现损伤</translation>
    </message>
    <message>
        <source>Damage not repaired: what was found covers %1 % of the photo, too much to be damage</source>
        <extracomment>%1 is the share of the photo that the damage finder marked</extracomment>
        <translation>未修复损伤：找到的区域占照片的 %1 %，太多，不像是损伤</translation>
    </message>
    <message>
        <source>The file ends early: part of it is missing.</source>
        <translation>文件提前结束：缺少一部分。</translation>
    </message>
    <message>
        <source>This cannot be done with these settings or this file.</source>
        <translation>无法用这些设置或这个文件完成此操作。</translation>
    </message>
    <message>
        <source>This model is not installed: Tools → Models downloads or imports it.</source>
        <translation>此模型未安装：可在“工具 → 模型”中下载或导入。</translation>
    </message>
    <message>
        <source>This is not a photo that can be opened (PNG, JPEG, TIFF, WebP or BMP).</source>
        <translation>这不是可以打开的照片（PNG、JPEG、TIFF、WebP 或 BMP）。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>%1 is the file or model the error concerns (photo.jpg, GPEN-BFR-512), %2 what is wrong</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Its output exists already: left as it is</source>
        <translation>输出文件已存在：保持不变</translation>
    </message>
    <message>
        <source>Cancelled while it was being restored</source>
        <translation>修复过程中已取消</translation>
    </message>
    <message>
        <source>Cancelled before it was started</source>
        <translation>开始之前已取消</translation>
    </message>
    <message>
        <source>%1 could not be used: faces blended with the rectangle mask</source>
        <extracomment>%1 is the face parser&apos;s file or model (ParseNet-latest.pth)</extracomment>
        <translation>无法使用 %1：人脸改用矩形蒙版融合</translation>
    </message>
    <message>
        <source>Identity check unavailable</source>
        <translation>身份核对不可用</translation>
    </message>
    <message>
        <source>Identity check unavailable: %1 could not be used</source>
        <extracomment>%1 is the identity descriptor&apos;s file or model that could not be loaded</extracomment>
        <translation>身份核对不可用：无法使用 %1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Not enough memory for tiles of %1 px: starting again with %2 px</source>
        <extracomment>%1 and %2 are tile sizes in pixels</extracomment>
        <translation>内存不足，无法使用 %1 px 的分块：改用 %2 px 重新开始</translation>
    </message>
</context>
<context>
    <name>gpen::ui::DamageBrush</name>
    <message>
        <source>Erase damage</source>
        <translation>擦除损伤标记</translation>
    </message>
    <message>
        <source>Paint damage</source>
        <translation>标记损伤</translation>
    </message>
    <message>
        <source>Clear damage</source>
        <translation>清除损伤标记</translation>
    </message>
</context>
<context>
    <name>gpen::ui::EngineController</name>
    <message>
        <source>%1: the engine is not running</source>
        <translation>%1：引擎未运行</translation>
    </message>
    <message>
        <source>The engine is not running</source>
        <translation>引擎未运行</translation>
    </message>
</context>
<context>
    <name>gpen::ui::EngineWorker</name>
    <message>
        <source>Device %1 is not available; using the CPU</source>
        <translation>设备 %1 不可用，改用 CPU</translation>
    </message>
    <message>
        <source>The engine could not start: %1</source>
        <translation>引擎无法启动：%1</translation>
    </message>
    <message>
        <source>The engine is not running</source>
        <translation>引擎未运行</translation>
    </message>
    <message numerus="yes">
        <source>%n face(s) restored with %1 in %2 s</source>
        <extracomment>%1 is the face detector (RetinaFace-R50, dlib)</extracomment>
        <translation>
            <numerusform>已使用 %1 修复 %n 张人脸，耗时 %2 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: the engine is not running</source>
        <translation>%1：引擎未运行</translation>
    </message>
    <message>
        <source>%1 (not found)</source>
        <translation>%1（未找到）</translation>
    </message>
    <message>
        <source>%1 (built for another version of GPEN Studio)</source>
        <translation>%1（为其他版本的 GPEN Studio 构建）</translation>
    </message>
    <message>
        <source>The engine module could not be loaded: %1</source>
        <translation>无法加载引擎模块：%1</translation>
    </message>
    <message>
        <source>No face model and no upscaling: the photo is unchanged (%1 s)</source>
        <translation>没有人脸模型，也未放大：照片未改变（%1 秒）</translation>
    </message>
    <message>
        <source>Upscaled x%1 with %2 in %3 s; no face model: faces left as they are</source>
        <extracomment>%1 is the scale (2, 4), %2 the upscaler&apos;s name (realesrgan-x4fast, realesrnet_x2)</extracomment>
        <translation>已使用 %2 放大 %1 倍，耗时 %3 秒；没有人脸模型：人脸保持原样</translation>
    </message>
    <message>
        <source>background upscaled x%1 with %2</source>
        <translation>背景已使用 %2 放大 %1 倍</translation>
    </message>
    <message numerus="yes">
        <source>%n face(s) may no longer look like the same person: see the badges</source>
        <translation>
            <numerusform>%n 张脸可能已不像同一个人：请看标记</numerusform>
        </translation>
    </message>
    <message>
        <source>Precision %1 is not known; choosing automatically</source>
        <translation>精度 %1 未知；将自动选择</translation>
    </message>
    <message>
        <source>No model named %1</source>
        <translation>没有名为 %1 的模型</translation>
    </message>
</context>
<context>
    <name>gpen::ui::FaceMapDialog</name>
    <message>
        <source>Paint %1</source>
        <translation>绘制%1</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>背景</translation>
    </message>
    <message>
        <source>Skin</source>
        <translation>皮肤</translation>
    </message>
    <message>
        <source>Nose</source>
        <translation>鼻子</translation>
    </message>
    <message>
        <source>Glasses</source>
        <translation>眼镜</translation>
    </message>
    <message>
        <source>Left eye</source>
        <translation>左眼</translation>
    </message>
    <message>
        <source>Right eye</source>
        <translation>右眼</translation>
    </message>
    <message>
        <source>Left eyebrow</source>
        <translation>左眉</translation>
    </message>
    <message>
        <source>Right eyebrow</source>
        <translation>右眉</translation>
    </message>
    <message>
        <source>Left ear</source>
        <translation>左耳</translation>
    </message>
    <message>
        <source>Right ear</source>
        <translation>右耳</translation>
    </message>
    <message>
        <source>Mouth</source>
        <translation>嘴</translation>
    </message>
    <message>
        <source>Upper lip</source>
        <translation>上唇</translation>
    </message>
    <message>
        <source>Lower lip</source>
        <translation>下唇</translation>
    </message>
    <message>
        <source>Hair</source>
        <translation>头发</translation>
    </message>
    <message>
        <source>Hat</source>
        <translation>帽子</translation>
    </message>
    <message>
        <source>Earring</source>
        <translation>耳环</translation>
    </message>
    <message>
        <source>Necklace</source>
        <translation>项链</translation>
    </message>
    <message>
        <source>Neck</source>
        <translation>脖子</translation>
    </message>
    <message>
        <source>Clothes</source>
        <translation>衣服</translation>
    </message>
    <message>
        <source>Nothing to save yet</source>
        <translation>还没有可保存的内容</translation>
    </message>
    <message>
        <source>Draw as I paint</source>
        <translation>边画边生成</translation>
    </message>
    <message>
        <source>&amp;Draw Face</source>
        <translation>生成人脸(&amp;D)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Reset Map</source>
        <translation>重置分割图</translation>
    </message>
    <message>
        <source>&amp;Open Map…</source>
        <translation>打开分割图(&amp;O)…</translation>
    </message>
    <message>
        <source>Save &amp;Face…</source>
        <translation>保存人脸(&amp;F)…</translation>
    </message>
    <message>
        <source>Save &amp;Map…</source>
        <translation>保存分割图(&amp;M)…</translation>
    </message>
    <message>
        <source>Models…</source>
        <translation>模型…</translation>
    </message>
    <message>
        <source>Face from a Parsing Map — %1</source>
        <translation>由分割图生成人脸 — %1</translation>
    </message>
    <message>
        <source>The class the brush paints</source>
        <translation>画笔绘制的类别</translation>
    </message>
    <message>
        <source>Photo</source>
        <translation>照片</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>生成</translation>
    </message>
    <message>
        <source>Paint with the class chosen on the left; drag with the right button to pan</source>
        <translation>用左侧选中的类别绘制；按住右键拖动以平移</translation>
    </message>
    <message>
        <source>The photo&apos;s face (left of the divider) and the face drawn from the map (right)</source>
        <translation>照片中的人脸（分隔线左侧）和由分割图生成的人脸（右侧）</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Draws the face again after every stroke (about a second each)</source>
        <translation>每画一笔后重新生成人脸（每次约一秒）</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>画笔</translation>
    </message>
    <message>
        <source>Reset map</source>
        <translation>重置分割图</translation>
    </message>
    <message>
        <source>Save the Drawn Face</source>
        <translation>保存生成的人脸</translation>
    </message>
    <message>
        <source>-drawn.png</source>
        <translation>-生成.png</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Save the Parsing Map</source>
        <translation>保存分割图</translation>
    </message>
    <message>
        <source>-map.png</source>
        <translation>-分割图.png</translation>
    </message>
    <message>
        <source>Open a Parsing Map</source>
        <translation>打开分割图</translation>
    </message>
    <message>
        <source>Images (*.png *.bmp *.jpg *.jpeg *.webp *.tif *.tiff)</source>
        <translation>图像 (*.png *.bmp *.jpg *.jpeg *.webp *.tif *.tiff)</translation>
    </message>
    <message>
        <source>Finding the face and reading its parsing map…</source>
        <translation>正在查找人脸并读取其分割图…</translation>
    </message>
    <message numerus="yes">
        <source>The face you pointed at, of %n face(s) in the photo. Paint classes on the map to change the face.</source>
        <translation>
            <numerusform>照片中 %n 张人脸里您选中的那一张。在分割图上绘制类别即可改变人脸。</numerusform>
        </translation>
    </message>
    <message>
        <source>Paint classes on the map to change the face.</source>
        <translation>在分割图上绘制类别即可改变人脸。</translation>
    </message>
    <message>
        <source>Drawing the face…</source>
        <translation>正在生成人脸…</translation>
    </message>
    <message>
        <source>Drawn by %1.</source>
        <translation>由 %1 生成。</translation>
    </message>
    <message>
        <source>%1 % of the map was no class colour and was taken as the nearest class.</source>
        <translation>分割图中 %1 % 的像素不是任何类别的颜色，已按最接近的类别处理。</translation>
    </message>
    <message>
        <source>The face&apos;s map is not read yet</source>
        <translation>人脸的分割图尚未读取</translation>
    </message>
    <message>
        <source>Open map</source>
        <translation>打开分割图</translation>
    </message>
    <message>
        <source>Opened %1.</source>
        <translation>已打开 %1。</translation>
    </message>
</context>
<context>
    <name>gpen::ui::FaceStrip</name>
    <message>
        <source>Face %1 before</source>
        <translation>人脸 %1 修复前</translation>
    </message>
    <message>
        <source>Face %1</source>
        <translation>人脸 %1</translation>
    </message>
    <message>
        <source>Strength of face %1</source>
        <translation>人脸 %1 的修复强度</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>The faces of the photo in view appear here once it is restored.</source>
        <translation>照片修复后，当前照片中的人脸会显示在这里。</translation>
    </message>
    <message>
        <source>Restore this photo again to adjust its faces: only the last restored photo keeps what re-blending needs.</source>
        <translation>请重新修复这张照片以调整其人脸：只有最近修复的照片保留重新混合所需的数据。</translation>
    </message>
    <message>
        <source>Click to show face %1 on the photo</source>
        <translation>单击以在照片中显示人脸 %1</translation>
    </message>
    <message>
        <source>Face %1 after, at its strength</source>
        <translation>人脸 %1 修复后（按其强度）</translation>
    </message>
</context>
<context>
    <name>gpen::ui::GuardedApplication</name>
    <message>
        <source>Out of memory: the last action was abandoned</source>
        <translation>内存不足：上一个操作已放弃</translation>
    </message>
    <message>
        <source>Unexpected error: %1</source>
        <translation>意外错误：%1</translation>
    </message>
    <message>
        <source>Unexpected error</source>
        <translation>意外错误</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ImageCanvas</name>
    <message>
        <source>Comparison view</source>
        <translation>对比视图</translation>
    </message>
    <message>
        <source>Drop photos or folders here, or press Ctrl+O</source>
        <translation>将照片或文件夹拖放到此处，或按 Ctrl+O</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>修复前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>修复后</translation>
    </message>
    <message>
        <source>After (hold to see before)</source>
        <translation>修复后（按住查看修复前）</translation>
    </message>
    <message>
        <source>identity %1</source>
        <extracomment>under a restored face&apos;s box on the photo; %1 is its identity score such as 0.83</extracomment>
        <translation>身份 %1</translation>
    </message>
</context>
<context>
    <name>gpen::ui::MainWindow</name>
    <message>
        <source>GPEN Studio</source>
        <translation>GPEN Studio</translation>
    </message>
    <message>
        <source>Photos</source>
        <translation>照片</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>Faces</source>
        <translation>人脸</translation>
    </message>
    <message>
        <source>Drop photos or folders to begin</source>
        <translation>拖放照片或文件夹即可开始</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Paste Image</source>
        <translation>粘贴图像(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Save Result</source>
        <translation>保存结果(&amp;S)</translation>
    </message>
    <message>
        <source>Save Result &amp;As…</source>
        <translation>结果另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Split</source>
        <translation>分割对比(&amp;S)</translation>
    </message>
    <message>
        <source>Side by Si&amp;de</source>
        <translation>并排对比(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Toggle (hold to see the original)</source>
        <translation>切换对比（按住查看原图）(&amp;T)</translation>
    </message>
    <message>
        <source>Zoom to &amp;Fit</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Actual Size</source>
        <translation>实际大小(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Models…</source>
        <translation>模型(&amp;M)…</translation>
    </message>
    <message>
        <source>%1 — %2 × %3</source>
        <translation>%1 — %2 × %3</translation>
    </message>
    <message>
        <source>No supported images in %1</source>
        <translation>%1 中没有支持的图像</translation>
    </message>
    <message>
        <source>Open Photos</source>
        <translation>打开照片</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>图像 (%1)</translation>
    </message>
    <message>
        <source>The clipboard holds no image</source>
        <translation>剪贴板中没有图像</translation>
    </message>
    <message>
        <source>Pasted image %1</source>
        <translation>粘贴的图像 %1</translation>
    </message>
    <message>
        <source>%1 (unsaved)</source>
        <translation>%1（未保存）</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>Settings applied: the models load again</source>
        <translation>设置已应用：正在重新加载模型</translation>
    </message>
    <message>
        <source>Settings saved: the engine uses them from the next launch</source>
        <translation>设置已保存：引擎将在下次启动时使用</translation>
    </message>
    <message>
        <source>Restore failed: %1</source>
        <translation>修复失败：%1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Open a photo first</source>
        <translation>请先打开一张照片</translation>
    </message>
    <message>
        <source>Unsaved results</source>
        <translation>未保存的结果</translation>
    </message>
    <message numerus="yes">
        <source>%n restored photo(s) not saved.</source>
        <translation>
            <numerusform>%n 张已修复的照片尚未保存。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Batch…</source>
        <translation>批量处理(&amp;B)…</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Not started: %1 is not installed. Import or download it (above the photo), or choose another model.</source>
        <translation>未开始：%1 未安装。请导入或下载它（在照片上方），或选择其他模型。</translation>
    </message>
    <message>
        <source>The restore starts when the batch has finished</source>
        <translation>修复将在批处理完成后开始</translation>
    </message>
    <message>
        <source>Batch restore “%1”…</source>
        <translation>批量修复“%1”…</translation>
    </message>
    <message>
        <source>Batch running</source>
        <translation>批处理正在运行</translation>
    </message>
    <message>
        <source>A batch is still restoring photos.</source>
        <translation>批处理仍在修复照片。</translation>
    </message>
    <message>
        <source>Stop it and quit? The photos finished so far are kept, with the report.</source>
        <translation>停止并退出？已完成的照片和报告会保留。</translation>
    </message>
    <message>
        <source>&amp;Close Photo</source>
        <translation>关闭照片(&amp;C)</translation>
    </message>
    <message>
        <source>Show &amp;Face Boxes</source>
        <translation>显示人脸框(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Panels</source>
        <translation>面板(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About GPEN Studio</source>
        <translation>关于 GPEN Studio(&amp;A)</translation>
    </message>
    <message>
        <source>Close Photo</source>
        <translation>关闭照片</translation>
    </message>
    <message>
        <source>The restored %1 is not saved.</source>
        <translation>修复后的 %1 尚未保存。</translation>
    </message>
    <message>
        <source>Close it anyway and lose the result?</source>
        <translation>仍然关闭并丢弃修复结果？</translation>
    </message>
    <message>
        <source>Not started: paint the damage on the photo first (the brush marks it red).</source>
        <translation>未开始：请先在照片上涂出损伤处（画笔以红色标记）。</translation>
    </message>
    <message>
        <source>Find damage</source>
        <translation>查找损伤</translation>
    </message>
    <message>
        <source>%1 (simulated damage)</source>
        <extracomment>%1 is the photo&apos;s name</extracomment>
        <translation>%1（模拟损伤）</translation>
    </message>
    <message>
        <source>Face from Parsing &amp;Map…</source>
        <translation>由分割图生成人脸(&amp;M)…</translation>
    </message>
    <message>
        <source>Open a photo with a face first: the editor starts from a face&apos;s map</source>
        <translation>请先打开一张有人脸的照片：编辑器从某张人脸的分割图开始</translation>
    </message>
    <message numerus="yes">
        <source>Quit anyway and lose them?</source>
        <translation>
            <numerusform>仍要退出并丢弃这些结果吗？</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>A restore is still running and stops too.</source>
        <translation>仍有修复正在运行，也会一并停止。</translation>
    </message>
    <message>
        <source>&amp;Stop and Quit</source>
        <translation>停止并退出(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo Face Change</source>
        <translation>撤销面部调整(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo Face Change</source>
        <translation>重做面部调整(&amp;R)</translation>
    </message>
    <message>
        <source>Re&amp;vert to Original</source>
        <translation>恢复为原图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Photo</source>
        <translation>照片(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>修复(&amp;R)</translation>
    </message>
    <message>
        <source>Restore &amp;All Photos</source>
        <translation>修复全部照片(&amp;A)</translation>
    </message>
    <message>
        <source>Save A&amp;ll Results</source>
        <translation>保存全部结果(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Close Selected Photos</source>
        <translation>关闭所选照片</translation>
    </message>
    <message>
        <source>Revert to Original</source>
        <translation>恢复为原图</translation>
    </message>
    <message>
        <source>Revert anyway and lose the result?</source>
        <translation>仍要恢复并丢弃此结果吗？</translation>
    </message>
    <message>
        <source>Restoring photo %1 of %2</source>
        <translation>正在修复第 %1 张，共 %2 张</translation>
    </message>
    <message numerus="yes">
        <source>%n result(s) saved</source>
        <translation>
            <numerusform>已保存 %n 个结果</numerusform>
        </translation>
    </message>
    <message>
        <source>Close Photos</source>
        <translation>关闭照片</translation>
    </message>
    <message numerus="yes">
        <source>%n of the restored photos are not saved.</source>
        <translation>
            <numerusform>有 %n 张修复后的照片尚未保存。</numerusform>
        </translation>
    </message>
    <message>
        <source>Close them anyway and lose the results?</source>
        <translation>仍要关闭并丢弃这些结果吗？</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在载入 %1…</translation>
    </message>
    <message>
        <source>%1 cannot be read again: %2</source>
        <translation>无法再次读取 %1：%2</translation>
    </message>
    <message>
        <source>Many Photos</source>
        <translation>照片很多</translation>
    </message>
    <message numerus="yes">
        <source>“%1” holds %n photo(s).</source>
        <translation>
            <numerusform>“%1”中有 %n 张照片。</numerusform>
        </translation>
    </message>
    <message>
        <source>A batch restores them into a folder of your choice, resumes after a crash and keeps memory low. Open them here to look at them one by one.</source>
        <translation>批处理会把它们修复到您选择的文件夹，崩溃后可继续，并且占用内存少。在此打开则可逐张查看。</translation>
    </message>
    <message>
        <source>&amp;Batch Restore…</source>
        <translation>批量修复(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Open Here</source>
        <translation>在此打开(&amp;O)</translation>
    </message>
    <message>
        <source>Files Not Opened</source>
        <translation>未能打开的文件</translation>
    </message>
    <message numerus="yes">
        <source>%n file(s) could not be opened.</source>
        <translation>
            <numerusform>有 %n 个文件无法打开。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %n more</source>
        <translation>
            <numerusform>…… 另有 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Saving %1…</source>
        <translation>正在保存 %1…</translation>
    </message>
    <message>
        <source>Settings saved</source>
        <translation>设置已保存</translation>
    </message>
</context>
<context>
    <name>gpen::ui::MissingModelBanner</name>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Do&amp;wnload…</source>
        <translation>下载(&amp;W)…</translation>
    </message>
    <message>
        <source>Missing model</source>
        <translation>缺少模型</translation>
    </message>
    <message>
        <source>The model %1 is not installed: import its .pth file or download it.</source>
        <translation>模型 %1 尚未安装：请导入其 .pth 文件或下载。</translation>
    </message>
    <message>
        <source>No face model is installed: Restore upscales the photo and leaves faces as they are. A GPEN face model restores faces (the authors released the weights for academic and non-commercial use only): download %1 or import its .pth file.</source>
        <translation>未安装人脸模型：“修复”只会放大照片，人脸保持原样。GPEN 人脸模型可以修复人脸（作者发布的权重仅限学术和非商业用途）：请下载 %1 或导入其 .pth 文件。</translation>
    </message>
    <message>
        <source>Do&amp;wnload Again…</source>
        <translation>重新下载(&amp;W)…</translation>
    </message>
    <message>
        <source>The model %1 cannot be loaded: %2. Download it again or import a good copy of its file.</source>
        <translation>无法加载模型 %1：%2。请重新下载，或导入该文件的完好副本。</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ModelManagerDialog</name>
    <message>
        <source>face restoration</source>
        <translation>人脸修复</translation>
    </message>
    <message>
        <source>face detector</source>
        <translation>人脸检测</translation>
    </message>
    <message>
        <source>face parsing</source>
        <translation>人脸解析</translation>
    </message>
    <message>
        <source>background upscaler</source>
        <translation>背景超分辨率</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>下载(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Cancel Download</source>
        <translation>取消下载(&amp;C)</translation>
    </message>
    <message>
        <source>Open Download &amp;Page</source>
        <translation>打开下载页面(&amp;P)</translation>
    </message>
    <message>
        <source>Open Models &amp;Folder</source>
        <translation>打开模型文件夹(&amp;F)</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>许可证</translation>
    </message>
    <message>
        <source>Import a .pth or .pt file (you can also drop files here). A file whose name is not a released one is imported as the selected model.</source>
        <translation>导入 .pth 或 .pt 文件（也可将文件拖放到此处）。文件名与官方发布名称不同的文件将作为所选模型导入。</translation>
    </message>
    <message>
        <source>%1 imported as %2 (%3)</source>
        <translation>%1 已导入为 %2（%3）</translation>
    </message>
    <message>
        <source>Downloading %1: %2 of %3</source>
        <translation>正在下载 %1：%2 / %3</translation>
    </message>
    <message>
        <source>Downloading %1: %2</source>
        <translation>正在下载 %1：%2</translation>
    </message>
    <message>
        <source>%1 downloaded and installed (%2)</source>
        <translation>%1 已下载并安装（%2）</translation>
    </message>
    <message>
        <source>Download of %1 paused; Resume continues where it stopped</source>
        <translation>%1 的下载已暂停；点击“继续下载”可从中断处继续</translation>
    </message>
    <message>
        <source>downloading %1 %</source>
        <translation>下载中 %1%</translation>
    </message>
    <message>
        <source>downloading…</source>
        <translation>下载中…</translation>
    </message>
    <message>
        <source>checking…</source>
        <translation>校验中…</translation>
    </message>
    <message>
        <source>built in</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>about %1</source>
        <translation>约 %1</translation>
    </message>
    <message>
        <source>partial download (%1)</source>
        <translation>部分下载（%1）</translation>
    </message>
    <message>
        <source>— (%1)</source>
        <translation>—（%1）</translation>
    </message>
    <message>
        <source>&amp;Resume Download</source>
        <translation>继续下载(&amp;R)</translation>
    </message>
    <message>
        <source>Another download is running: %1</source>
        <translation>另一个下载正在进行：%1</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Importing %1 as %2…</source>
        <translation>正在将 %1 导入为 %2…</translation>
    </message>
    <message>
        <source>Import Models</source>
        <translation>导入模型</translation>
    </message>
    <message>
        <source>PyTorch checkpoints (*.pth *.pt);;All files (*)</source>
        <translation>PyTorch 模型文件 (*.pth *.pt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Download %1 from the page, then import it here: it is installed as %2</source>
        <translation>请从该页面下载 %1，然后在此导入：它将被安装为 %2</translation>
    </message>
    <message>
        <source>identity check</source>
        <translation>身份核对</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ModelStatusIndicator</name>
    <message>
        <source>Model status</source>
        <translation>模型状态</translation>
    </message>
    <message>
        <source>Models: click for each model&apos;s state and timings</source>
        <translation>模型：点击查看每个模型的状态和耗时</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>读取</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>构建</translation>
    </message>
    <message>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Manage &amp;Models…</source>
        <translation>管理模型(&amp;M)…</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>released</source>
        <translation>已释放</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>reading weights…</source>
        <translation>正在读取权重…</translation>
    </message>
    <message>
        <source>building…</source>
        <translation>正在构建…</translation>
    </message>
    <message>
        <source>moving to device…</source>
        <translation>正在载入设备…</translation>
    </message>
    <message>
        <source>warming up…</source>
        <translation>正在预热…</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>加载中…</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>Read %1 ms, build %2 ms, warm-up %3 ms</source>
        <translation>读取 %1 毫秒，构建 %2 毫秒，预热 %3 毫秒</translation>
    </message>
    <message>
        <source>Memory: %1 MB</source>
        <translation>内存：%1 MB</translation>
    </message>
    <message>
        <source>Released (%1); it loads again when needed</source>
        <translation>已释放（%1）；需要时会重新加载</translation>
    </message>
    <message>
        <source>Kept loaded (preloaded)</source>
        <translation>常驻内存（预加载）</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) failed</source>
        <translation>
            <numerusform>%n 个模型加载失败</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n model(s) ready</source>
        <translation>
            <numerusform>%n 个模型中 %1 个已就绪</numerusform>
        </translation>
    </message>
    <message>
        <source>Faces: RetinaFace</source>
        <translation>人脸检测：RetinaFace</translation>
    </message>
    <message>
        <source>Faces: dlib (built in)</source>
        <translation>人脸检测：dlib（内置）</translation>
    </message>
    <message>
        <source>Faces are found by RetinaFace-R50.</source>
        <translation>使用 RetinaFace-R50 检测人脸。</translation>
    </message>
    <message>
        <source>RetinaFace-R50, the default face detector, is %1: faces are found by the built-in dlib detector, which misses more small and turned faces. Add it under Tools → Models.</source>
        <translation>默认人脸检测器 RetinaFace-R50 的状态为“%1”：当前使用内置的 dlib 检测器，它会漏掉更多较小或侧转的人脸。请在“工具 → 模型”中添加。</translation>
    </message>
    <message>
        <source>Computes in %1</source>
        <translation>以 %1 计算</translation>
    </message>
</context>
<context>
    <name>gpen::ui::PhotoLimits</name>
    <message>
        <source>about %1 GB of memory for one photo this large</source>
        <extracomment>%1 is a number of gigabytes, one decimal</extracomment>
        <translation>如此大的一张照片约需 %1 GB 内存</translation>
    </message>
</context>
<context>
    <name>gpen::ui::RestoreModelChoices</name>
    <message>
        <source>%1 (not installed)</source>
        <translation>%1（未安装）</translation>
    </message>
    <message>
        <source>None (upscale only)</source>
        <translation>无（仅放大）</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>%1× (%2)</source>
        <translation>%1×（%2）</translation>
    </message>
    <message>
        <source>%1 (cannot be loaded)</source>
        <translation>%1（无法加载）</translation>
    </message>
</context>
<context>
    <name>gpen::ui::RestorePanel</name>
    <message>
        <source>Keep grayscale photos gray</source>
        <translation>黑白照片保持黑白</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>修复(&amp;R)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Built-in (dlib)</source>
        <translation>内置（dlib）</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Face model</source>
        <translation>人脸模型</translation>
    </message>
    <message>
        <source>Detector</source>
        <translation>检测器</translation>
    </message>
    <message>
        <source>Background</source>
        <translation>背景</translation>
    </message>
    <message>
        <source>Tile size</source>
        <translation>分块大小</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>修复强度</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>准备中…</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Restore failed: %1</source>
        <translation>修复失败：%1</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Eraser</source>
        <translation>橡皮擦</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Restore faces</source>
        <translation>修复人脸</translation>
    </message>
    <message>
        <source>Colorize faces</source>
        <translation>为人脸上色</translation>
    </message>
    <message>
        <source>Repair damage</source>
        <translation>修补损伤</translation>
    </message>
    <message>
        <source>Paint to remove marks instead of adding them</source>
        <translation>涂抹时移除标记而不是添加</translation>
    </message>
    <message>
        <source>Paint the damage on the photo (it shows red); drag with the right button to pan.</source>
        <translation>在照片上涂出损伤处（显示为红色）；按住右键拖动可平移。</translation>
    </message>
    <message>
        <source>Brush</source>
        <translation>画笔</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Find damage</source>
        <translation>查找损伤</translation>
    </message>
    <message>
        <source>Simulate damage</source>
        <translation>模拟损伤</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>灵敏度</translation>
    </message>
    <message>
        <source>&amp;Edit a Face&apos;s Map…</source>
        <translation>编辑人脸分割图(&amp;E)…</translation>
    </message>
    <message>
        <source>Face from map</source>
        <translation>由分割图生成人脸</translation>
    </message>
    <message>
        <source>Colorize: a gray photo&apos;s faces are coloured, the rest stays gray. Repair damage: paint the scratches on the photo, then Restore fills them in the faces. Face from map: repaint a face&apos;s parsing map and see the face it describes.</source>
        <translation>上色：灰度照片中的人脸被上色，其余部分保持灰色。修复损伤：在照片上涂出划痕，然后“修复”会在人脸中填补它们。由分割图生成人脸：重新绘制人脸的分割图，查看它所描述的人脸。</translation>
    </message>
    <message>
        <source>GPEN-Seg2face draws a face from a parsing map. The editor starts from the map of the face selected in the photo (else the largest) and redraws the face as you repaint its classes.</source>
        <translation>GPEN-Seg2face 根据分割图生成人脸。编辑器从照片中选中的人脸（否则为最大的人脸）的分割图开始，随着您重新绘制各类别而重新生成人脸。</translation>
    </message>
    <message>
        <source>Tint the rest with the faces&apos; colour</source>
        <translation>用人脸的颜色为其余部分着色调</translation>
    </message>
    <message>
        <source>No network colours a whole photo: off, the rest stays gray; on, it is toned with the colorized faces&apos; average colour, like a toned print</source>
        <translation>没有网络能为整张照片上色：关闭时其余部分保持灰色；开启时按已上色人脸的平均颜色着色调，如同调色照片</translation>
    </message>
    <message>
        <source>Real-ESRGAN, fast</source>
        <translation>Real-ESRGAN（快速）</translation>
    </message>
    <message>
        <source>Real-ESRGAN, best quality (slower)</source>
        <translation>Real-ESRGAN（最佳质量，较慢）</translation>
    </message>
    <message>
        <source>Automatic: a Real-ESRNet file of the scale when installed, else Real-ESRGAN&apos;s fast network. Best quality takes about ten times as long.</source>
        <translation>自动：已安装该倍数的 Real-ESRNet 文件时使用它，否则使用 Real-ESRGAN 的快速网络。最佳质量约需十倍时间。</translation>
    </message>
    <message>
        <source>Upscaler</source>
        <translation>放大网络</translation>
    </message>
    <message numerus="yes">
        <source> — about %n s more for this step</source>
        <translation>
            <numerusform>——此步骤约还需 %n 秒</numerusform>
        </translation>
    </message>
    <message>
        <source>Repair damage on the whole photo</source>
        <translation>修复整张照片的损伤</translation>
    </message>
    <message>
        <source>How faint a speck, scratch or crack Find damage marks: more finds more, and more that is not damage</source>
        <translation>“查找损伤”标记斑点、划痕或裂纹的灵敏度：越高找到越多，误标也越多</translation>
    </message>
    <message>
        <source>Marks white paint, dust, scratches and cracks as a suggestion to check and edit</source>
        <translation>将白色涂抹、灰尘、划痕和裂纹标记为建议，供检查和编辑</translation>
    </message>
    <message>
        <source>Opens a copy of the photo with random strokes, dust and cracks on it, to try the repair</source>
        <translation>打开照片的副本，其上带有随机笔画、灰尘和裂纹，用于试用修复</translation>
    </message>
    <message>
        <source>Fills dust, scratches and cracks anywhere on the photo before its faces are restored: the marks you paint, or where you paint none, what Find damage finds</source>
        <translation>在修复人脸之前填补照片上任意位置的灰尘、划痕和裂纹：使用您绘制的标记，未绘制时使用“查找损伤”找到的区域</translation>
    </message>
    <message>
        <source>Show the repaired areas</source>
        <translation>显示修补过的区域</translation>
    </message>
    <message>
        <source>Tints on the result what the last restore&apos;s repair filled, to check it.</source>
        <translation>在结果上以颜色标出上次修复所填补的区域，便于检查。</translation>
    </message>
    <message>
        <source>2×</source>
        <translation>2×</translation>
    </message>
    <message>
        <source>4×</source>
        <translation>4×</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ResultSaver</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>PNG</source>
        <translation>PNG</translation>
    </message>
    <message>
        <source>JPEG</source>
        <translation>JPEG</translation>
    </message>
    <message>
        <source>TIFF</source>
        <translation>TIFF</translation>
    </message>
    <message>
        <source>WebP</source>
        <translation>WebP</translation>
    </message>
    <message>
        <source>restored</source>
        <translation>已修复</translation>
    </message>
    <message>
        <source>Replace the original?</source>
        <translation>替换原图？</translation>
    </message>
    <message>
        <source>%1 is the original photo. Replace it with the restored one? The original cannot be recovered afterwards.</source>
        <translation>%1 是原始照片。要用修复后的照片替换它吗？替换后原图将无法恢复。</translation>
    </message>
    <message>
        <source>Cannot save %1</source>
        <translation>无法保存 %1</translation>
    </message>
    <message>
        <source>%1 was not saved: %2</source>
        <translation>%1 未保存：%2</translation>
    </message>
    <message>
        <source>-restored</source>
        <extracomment>appended to a photo&apos;s file name for its restored copy (&quot;Grandma-restored.jpg&quot;)</extracomment>
        <translation>-修复</translation>
    </message>
</context>
<context>
    <name>gpen::ui::SaveDialog</name>
    <message>
        <source>Save Result As</source>
        <translation>结果另存为</translation>
    </message>
    <message>
        <source>&amp;Quality:</source>
        <translation>质量(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;Compression:</source>
        <translation>压缩(&amp;C)：</translation>
    </message>
    <message>
        <source>Higher keeps more detail and makes larger files.</source>
        <translation>数值越高，保留的细节越多，文件也越大。</translation>
    </message>
    <message>
        <source>Lossless at every level; higher is smaller and slower.</source>
        <translation>各级别均为无损压缩；级别越高，文件越小、速度越慢。</translation>
    </message>
</context>
<context>
    <name>gpen::ui::SettingsDialog</name>
    <message>
        <source>Exact (fp32)</source>
        <translation>精确 (fp32)</translation>
    </message>
    <message>
        <source>Faster (bf16)</source>
        <translation>更快 (bf16)</translation>
    </message>
    <message>
        <source>Prec&amp;ision:</source>
        <translation>精度(&amp;I):</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Automatic (CUDA when available)</source>
        <translation>自动（可用时使用 CUDA）</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CUDA (GPU)</source>
        <translation>CUDA（GPU）</translation>
    </message>
    <message>
        <source>&amp;Device:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <source>One per core</source>
        <translation>每个核心一个</translation>
    </message>
    <message>
        <source>CPU &amp;threads:</source>
        <translation>CPU 线程数(&amp;T)：</translation>
    </message>
    <message>
        <source>Only the standard folders</source>
        <translation>仅标准文件夹</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>&amp;Models folder:</source>
        <translation>模型文件夹(&amp;M)：</translation>
    </message>
    <message>
        <source>Loaded in the background at launch and kept loaded</source>
        <translation>启动时在后台加载并常驻内存</translation>
    </message>
    <message>
        <source>&amp;Preload:</source>
        <translation>预加载(&amp;P)：</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>Ma&amp;ximum models:</source>
        <translation>最多模型数(&amp;X)：</translation>
    </message>
    <message>
        <source> MB</source>
        <translation> MB</translation>
    </message>
    <message>
        <source>Memory &amp;budget:</source>
        <translation>内存预算(&amp;B)：</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>&amp;Release idle models after:</source>
        <translation>空闲模型释放时间(&amp;R)：</translation>
    </message>
    <message>
        <source>Face batch sizes to warm up at load, e.g. 1, 4</source>
        <translation>加载时预热的人脸批量大小，例如 1, 4</translation>
    </message>
    <message>
        <source>&amp;Warm-up batch sizes:</source>
        <translation>预热批量大小(&amp;W)：</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>A restore is running: engine changes take effect at the next launch. The language changes at the next start.</source>
        <translation>正在进行修复：引擎设置将在下次启动时生效。语言将在下次启动时更改。</translation>
    </message>
    <message>
        <source>Engine changes take effect when you press OK (the models load again). The language changes at the next start.</source>
        <translation>按“确定”后引擎设置立即生效（模型将重新加载）。语言将在下次启动时更改。</translation>
    </message>
    <message>
        <source>Models Folder</source>
        <translation>模型文件夹</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>Low memory</source>
        <translation>低内存</translation>
    </message>
    <message>
        <source>Fastest (more memory)</source>
        <translation>最快（占用更多内存）</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>How much memory the models may keep, and how eagerly they load</source>
        <translation>模型可占用多少内存，以及加载的积极程度</translation>
    </message>
    <message>
        <source>&amp;Performance:</source>
        <translation>性能(&amp;P)：</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Advanced</source>
        <translation>高级(&amp;A)</translation>
    </message>
    <message>
        <source> MP</source>
        <translation> 百万像素</translation>
    </message>
    <message>
        <source>Larger photos are refused when opened</source>
        <translation>打开时拒绝更大的照片</translation>
    </message>
    <message>
        <source>Lar&amp;gest photo:</source>
        <translation>最大照片(&amp;G)：</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Automatic computes in 16-bit floating point (bf16) where the processor does so natively, which is faster and looks the same, and in 32-bit (fp32) elsewhere. The model list in the status bar shows what each model computes in. The models load again when it changes.</source>
        <translation>“自动”在处理器原生支持的情况下以 16 位浮点（bf16）计算，速度更快且效果看起来相同；其他情况下以 32 位（fp32）计算。状态栏中的模型列表会显示每个模型的计算精度。更改后模型会重新加载。</translation>
    </message>
    <message>
        <source>This session uses %1, given with --models-dir. The folder set here applies when GPEN Studio starts without it.</source>
        <extracomment>%1 is a folder</extracomment>
        <translation>本次会话使用 --models-dir 指定的 %1。此处设置的文件夹在 GPEN Studio 不带该参数启动时生效。</translation>
    </message>
    <message>
        <source>Only the standard folders (when started without --models-dir)</source>
        <translation>仅标准文件夹（不带 --models-dir 启动时）</translation>
    </message>
</context>
<context>
    <name>gpen::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>Stop the restore in hand</source>
        <translation>停止当前修复</translation>
    </message>
    <message>
        <source>Photos list</source>
        <translation>照片列表</translation>
    </message>
    <message>
        <source>Close the selected photos</source>
        <translation>关闭所选照片</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
</context>
<context>
    <name>gpen::ui::StrokeBrush</name>
    <message>
        <source>Paint</source>
        <translation>绘制</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Restore faces in old photographs</source>
        <translation>修复老照片中的人脸</translation>
    </message>
    <message>
        <source>Look for model files in &lt;dir&gt; first.</source>
        <translation>优先在 &lt;dir&gt; 中查找模型文件。</translation>
    </message>
    <message>
        <source>cpu, cuda, cuda:N or auto.</source>
        <translation>cpu、cuda、cuda:N 或 auto。</translation>
    </message>
    <message>
        <source>Exit once the preloaded models are ready, printing the times as JSON.</source>
        <translation>预加载的模型就绪后退出，并以 JSON 格式输出耗时。</translation>
    </message>
    <message>
        <source>Photos or folders to open.</source>
        <translation>要打开的照片或文件夹。</translation>
    </message>
</context>
</TS>
