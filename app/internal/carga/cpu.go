package carga

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// ticsPorSegundo es USER_HZ, la unidad de los tiempos de /proc/pid/stat
// (100 en Linux en todas las arquitecturas que importan).
const ticsPorSegundo = 100

// cpuDe devuelve el tiempo de CPU (de usuario y de sistema) que lleva el
// proceso pid, leído de /proc/pid/stat; 0 si no se puede leer (otro
// sistema, o el proceso terminó).
func cpuDe(pid int) time.Duration {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0
	}
	// El nombre (campo 2) va entre paréntesis y puede tener espacios: los
	// campos se cuentan desde el último ')'. utime y stime son el 14 y el
	// 15, el 12.º y el 13.º después del paréntesis.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0
	}
	campos := bytes.Fields(b[i+1:])
	if len(campos) < 13 {
		return 0
	}
	u, err1 := strconv.ParseInt(string(campos[11]), 10, 64)
	s, err2 := strconv.ParseInt(string(campos[12]), 10, 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return time.Duration(u+s) * time.Second / ticsPorSegundo
}

// cpuHijos suma el tiempo de CPU que llevan los hijos de e del rol dado.
func (e *entorno) cpuHijos(rol string) time.Duration {
	var total time.Duration
	for _, h := range e.hijos {
		if h.rol == rol && h.cmd.Process != nil {
			total += cpuDe(h.cmd.Process.Pid)
		}
	}
	return total
}

// cpuServidor es el tiempo de CPU de cada proceso de PostgreSQL de esta
// máquina (los que se llaman postgres), por pid.
func cpuServidor() map[int]time.Duration {
	res := map[int]time.Duration{}
	dirs, err := os.ReadDir("/proc")
	if err != nil {
		return res
	}
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + d.Name() + "/comm")
		if err != nil || string(bytes.TrimSpace(b)) != "postgres" {
			continue
		}
		res[pid] = cpuDe(pid)
	}
	return res
}

// cpuServidorDesde es el tiempo de CPU que usaron los procesos de
// PostgreSQL desde la foto antes (de cpuServidor): los de cualquiera que
// use el servidor a la vez (en una máquina compartida, una cota de arriba
// del de la carga).
func cpuServidorDesde(antes map[int]time.Duration) time.Duration {
	var total time.Duration
	for pid, t := range cpuServidor() {
		total += max(t-antes[pid], 0)
	}
	return total
}
